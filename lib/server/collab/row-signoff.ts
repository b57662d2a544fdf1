import "server-only";
import { seenPosts } from "@/lib/server/checks/corpus";
import { reportOf } from "@/lib/server/checks/reports";
import type { PolicyStep, SignoffStanding } from "@/lib/schemas/collab";
import { log } from "@/lib/server/log";
import { getPolicy, peopleByRole } from "./approval-policy";
import { evaluateRoute, signoffStanding, type FindingFacts } from "./policy-route";
import { currentRounds } from "./verdicts";

/**
 * Each listed post's sign-off standing, read as the post page reads it (signoffStanding over the
 * same route): the steps that apply to the version it lists and whether one waits. Database only:
 * the text the dashboard holds (the mirror) gives the checks' findings for conditional steps; a
 * post without one is not given a standing (the row then shows its campaign's steps).
 */
export async function rowSignoff(taskIds: readonly number[]): Promise<Record<string, SignoffStanding>> {
  const out: Record<string, SignoffStanding> = {};
  if (taskIds.length === 0) return out;
  try {
    const seen = await seenPosts(taskIds);
    const campaigns = [...new Set([...seen.values()].map((p) => p.campaign_id))];
    const policies = new Map<number, PolicyStep[]>();
    await Promise.all(campaigns.map(async (id) => policies.set(id, (await getPolicy(id)).signoff)));
    const withSteps = [...seen.values()].filter((p) => (policies.get(p.campaign_id)?.length ?? 0) > 0);
    if (withSteps.length === 0) return out;
    const [rounds, people] = await Promise.all([
      currentRounds(withSteps.map((p) => p.task_id)),
      [...policies.values()].some((steps) => steps.some((s) => s.need === "all" && "role" in s.who)) ? peopleByRole() : Promise.resolve(new Map<string, string[]>()),
    ]);
    for (const post of withSteps) {
      const signoff = policies.get(post.campaign_id) ?? [];
      let findings: FindingFacts = null;
      if (signoff.some((s) => s.when.kind !== "always")) {
        const report = await reportOf(post).catch(() => null);
        // Unknown findings: every conditional step applies, as on the post page.
        findings = report ? { warnings: report.findings.length > 0, rules: [...new Set(report.findings.map((f) => f.rule))] } : null;
      }
      const route = evaluateRoute({ signoff, current: rounds.get(post.task_id)?.current ?? [], findings, people });
      out[String(post.task_id)] = signoffStanding(route);
    }
  } catch (e) {
    // Rows without a standing show their campaign's steps: a list without it beats no list.
    log.warn("row sign-off standing not read", { error: e instanceof Error ? e.message : String(e) });
  }
  return out;
}
