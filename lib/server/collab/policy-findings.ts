import "server-only";
import type { PostDetail } from "@/lib/schemas";
import { log } from "@/lib/server/log";
// Registers the checks' answer (lib/server/checks/gate.ts) in every bundle that evaluates a policy, not only those that decide.
import "@/lib/server/checks/gate";
import type { FindingFacts } from "./policy-route";

/**
 * What the approval policy asks of the checks (lib/checks): does
 * this post version have findings, and of which rules. The checks module
 * registers its answer in a globalThis slot (lib/server/checks/gate.ts: Next
 * may load this module once per route bundle). Until one is registered, or when
 * it fails, the facts are unknown and every conditional step applies: a
 * policy never asks for fewer sign-offs because the checks could not say.
 */
/** `post`: the detail the decision just read (fresh), when there is one; else the source reads its own copy. */
export type FindingsSource = (taskId: number, version: number, post?: PostDetail) => Promise<{ severity: string; rule: string }[] | null>;

const g = globalThis as typeof globalThis & { __policyFindingsSource?: FindingsSource };

export async function findingsOf(taskId: number, version: number | null, post?: PostDetail): Promise<FindingFacts> {
  const source = g.__policyFindingsSource;
  if (!source || version === null) return null;
  try {
    const findings = await source(taskId, version, post);
    if (!findings) return null;
    return { warnings: findings.length > 0, rules: [...new Set(findings.map((f) => f.rule))] };
  } catch (e) {
    log.warn("findings unknown for the approval policy", { taskId, version, error: e instanceof Error ? e : String(e) });
    return null;
  }
}
