import { LinkGone } from "@/components/share/link-gone";
import { ShareShell } from "@/components/share/share-shell";
import { goneReason } from "@/lib/server/share/page-state";

/** An unknown, expired or revoked share link: said plainly, with what to do (ask the sender for a new one). */
export default async function ShareLinkNotFound() {
  const reason = await goneReason();
  return (
    <ShareShell>
      <LinkGone reason={reason} />
    </ShareShell>
  );
}
