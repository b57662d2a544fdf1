import type { PostVerdicts } from "@/lib/schemas/collab";

/**
 * Whether an approve would be refused for sign-off now (the server's 409 signoff_required):
 * a step that applies waits, or someone asked for changes. A version no step applies to is not pending.
 */
export function signoffPending(v: Pick<PostVerdicts, "steps" | "signed_off" | "standing">): boolean {
  if (v.standing) return v.standing.state === "awaiting" || v.standing.state === "changes";
  return v.steps >= 2 && !v.signed_off;
}
