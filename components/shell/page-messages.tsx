import { getMessages } from "next-intl/server";
import { pickMessages, type MessagePart } from "@/i18n/client-areas";
import { MoreMessages } from "./more-messages";

/**
 * The messages a page's browser code uses beyond the shell's (i18n/client-areas.ts: whole areas or
 * their groups), sent with the page: its first load and each navigation to it carry only these.
 */
async function PageMessages({ areas, children }: { areas: readonly MessagePart[]; children: React.ReactNode }) {
  return <MoreMessages messages={pickMessages(await getMessages(), areas)}>{children}</MoreMessages>;
}

/**
 * A page with its messages: `export default withPageMessages(["collab", "review.queue"], QueuePage)`.
 * Whatever the page renders (its content, a not-allowed or not-found state) is inside them.
 * i18n/client-areas.test.ts keeps each page's list equal to what its components use.
 */
export function withPageMessages<P extends object>(areas: readonly MessagePart[], Page: (props: P) => React.ReactNode | Promise<React.ReactNode>) {
  return function PageWithMessages(props: P) {
    return (
      <PageMessages areas={areas}>
        <Page {...props} />
      </PageMessages>
    );
  };
}
