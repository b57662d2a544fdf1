// GET /api/s/[token]/posts/[id] – one post a share link covers (no session): text, version, media, previews, the link's comments
import { dataJson, parseId } from "@/lib/server/route";
import { openLink, postOfLink } from "@/lib/server/share/access";
import { shareRoute } from "@/lib/server/share/route";
import { sharedPostOf } from "@/lib/server/share/view";

export const GET = shareRoute(async ({ token, params, state }) => {
  const link = await openLink(token);
  state.user = `share:${link.id}`;
  const { post, stale, fetchedAt } = await postOfLink(link, parseId(params.id));
  return dataJson({ data: await sharedPostOf(link, post), meta: { stale, fetchedAt } });
});
