import { getMessages } from "next-intl/server";
import type { MessageArea } from "@/i18n/config";
import { pickAreas } from "@/i18n/client-areas";
import { MoreMessages } from "./more-messages";

/**
 * The message areas a page's browser code uses beyond the shell's (i18n/client-areas.ts), sent with
 * the page: its first load and each navigation to it carry only these, not every area.
 */
async function PageMessages({ areas, children }: { areas: readonly MessageArea[]; children: React.ReactNode }) {
  return <MoreMessages messages={pickAreas(await getMessages(), areas)}>{children}</MoreMessages>;
}

/**
 * A page with its message areas: `export default withPageMessages(["review", "collab"], QueuePage)`.
 * Whatever the page renders (its content, a not-allowed or not-found state) is inside them.
 * i18n/client-areas.test.ts keeps each page's list equal to what its components use.
 */
export function withPageMessages<P extends object>(areas: readonly MessageArea[], Page: (props: P) => React.ReactNode | Promise<React.ReactNode>) {
  return function PageWithMessages(props: P) {
    return (
      <PageMessages areas={areas}>
        <Page {...props} />
      </PageMessages>
    );
  };
}
