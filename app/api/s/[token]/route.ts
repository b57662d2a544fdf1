// GET /api/s/[token] – what a share link shows (no session): its scope and the post(s) it names, allow-listed
import { dataJson } from "@/lib/server/route";
import { openLink } from "@/lib/server/share/access";
import { recordOpened } from "@/lib/server/share/opened";
import { shareClientAddress } from "@/lib/server/share/rate-limit";
import { shareRoute } from "@/lib/server/share/route";
import { linkView } from "@/lib/server/share/view";

export const GET = shareRoute(async ({ req, token, state }) => {
  const link = await openLink(token);
  state.user = `share:${link.id}`;
  const view = await linkView(link);
  await recordOpened(link, shareClientAddress(req));
  return dataJson(view);
});
