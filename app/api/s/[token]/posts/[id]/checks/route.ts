// GET /api/s/[token]/posts/[id]/checks – the checks' findings on the post's active version, for a share link that may decide (no session); 403 for a read-only link
import { reportOf, subjectOf } from "@/lib/server/checks";
import { ApiError, text } from "@/lib/server/errors";
import { json, parseId } from "@/lib/server/route";
import { openLink, postOfLink } from "@/lib/server/share/access";
import { shareRoute } from "@/lib/server/share/route";

export const GET = shareRoute(async ({ token, params, state }) => {
  const link = await openLink(token);
  state.user = `share:${link.id}`;
  // An outside approver deciding through the link sees what the team's checks found; a read-only link shows the text alone.
  if (!link.can_decide) throw new ApiError("forbidden", text("share.noChecks"));
  const { post } = await postOfLink(link, parseId(params.id));
  const subject = subjectOf(post);
  if (!subject) return json({ version: null, findings: [], verdict: "clean", counts: { warn: 0, block: 0 } });
  const r = await reportOf(subject, "interactive");
  // A twin is another post of the team: not for a link that covers only this one (its note names it, no more).
  const findings = r.findings.map((f) => {
    const rest = { ...f };
    delete rest.twin;
    return rest;
  });
  return json({ version: r.version, findings, verdict: r.verdict, counts: { warn: r.warn, block: r.block } });
});
