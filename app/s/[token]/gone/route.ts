// GET /s/[token]/gone – the clear page of a link that opens nothing: 404 unknown, 410 expired, revoked or stopped (no session)
import { localeOfRequest } from "@/lib/server/request-locale";
import { creatorStanding } from "@/lib/server/share/creator";
import { linkForToken } from "@/lib/server/share/store";
import { gonePageHtml } from "@/lib/server/share/gone-page";
import { shareRoute } from "@/lib/server/share/route";

export const GET = shareRoute(async ({ req, token }) => {
  const link = await linkForToken(token);
  // Still good (the link was looked at a moment too early, or this address was typed): back to its page.
  const creator = link?.status === "active" ? await creatorStanding(link) : null;
  if (link?.status === "active" && (creator?.ok || creator?.loss === "unknown")) return new Response(null, { status: 303, headers: { Location: `/s/${token}` } });
  const reason = !link ? "not_found" : link.status === "revoked" ? "link_revoked" : link.status === "expired" ? "link_expired" : "link_stopped";
  const html = gonePageHtml(reason, localeOfRequest(req));
  return new Response(html, { status: link ? 410 : 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
});
