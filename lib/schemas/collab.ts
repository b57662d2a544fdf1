import * as z from "zod";
import { AnchorInput, AnchorView } from "@/lib/collab/anchor-schema";
import { COMMENT_MAX } from "./limits";

/*
 * Comments, verdicts, approval policies and presence: the bodies
 * the routes accept and the answers they give, one schema per shape so the
 * server, the browser and the tests agree.
 */

export { COMMENT_EDIT_WINDOW_MS, COMMENT_MAX } from "./limits";

export const CommentBody = z.object({ body: z.string().trim().min(1).max(COMMENT_MAX) });
/** A new comment may name the version the author is reading (the page's); else the server's copy of the post says. */
export const NewCommentBody = CommentBody.extend({
  version: z.number().int().positive().optional(),
  /** A passage of that version's text the comment is about, so readers see what it quotes. */
  anchor: AnchorInput.optional(),
});

export const CommentView = z.object({
  id: z.number(),
  task_id: z.number(),
  /** The post's active version when the comment was written (null: none was active). */
  version: z.number().nullable(),
  body: z.string(),
  author_email: z.string(),
  author_name: z.string(),
  /** A dashboard role, or "external" for a share-link visitor. */
  author_role: z.string(),
  share_link_id: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** The passage the comment is about and its state on the active version; null: about the whole post. */
  anchor: AnchorView.nullable().default(null),
});
export type CommentView = z.infer<typeof CommentView>;

export const VERDICTS = ["ok", "changes"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** "changes" needs a note saying what to change; "ok" may carry one. */
export const VerdictBody = z
  .object({
    verdict: z.enum(VERDICTS),
    version: z.number().int().positive(),
    note: z.string().trim().max(1_000).optional(),
  })
  .refine((b) => b.verdict !== "changes" || (b.note ?? "").length > 0, { path: ["note"], message: "required" });

export const VerdictView = z.object({
  id: z.number(),
  task_id: z.number(),
  version: z.number(),
  verdict: z.enum(VERDICTS),
  note: z.string().nullable(),
  reviewer_email: z.string(),
  reviewer_name: z.string(),
  reviewer_role: z.string(),
  at: z.string(),
  /**
   * Why this "ok" no longer counts toward any step (shown struck through):
   * its author was removed, lost the right, has another role now, was signed
   * out everywhere by an admin since, or is not in the role or group any step
   * names; "unknown" when the users store cannot be read. Absent: it counts.
   */
  not_counted: z.enum(["removed", "demoted", "role_changed", "revoked", "unknown", "not_named"]).nullish(),
});
export type VerdictView = z.infer<typeof VerdictView>;
export type NotCounted = NonNullable<VerdictView["not_counted"]>;

/**
 * A post's verdicts: `current` are those on the active version (one per
 * person, their latest), `earlier` those a newer version voided.
 */
/**
 * Where a post's version stands on its campaign's sign-off, as the queue row and the post page both
 * say it (policy-route.ts `signoffStanding`): no step applies, a step waits, every applicable step passed,
 * or someone asked for changes.
 */
export const SIGNOFF_STATES = ["not_needed", "awaiting", "signed_off", "changes"] as const;
export type SignoffState = (typeof SIGNOFF_STATES)[number];
export const SignoffStanding = z.object({
  /** 1 + the sign-off steps that apply to this version (1: the editor's approve alone). */
  steps: z.number(),
  state: z.enum(SIGNOFF_STATES),
});
export type SignoffStanding = z.infer<typeof SignoffStanding>;

export const PostVerdicts = z.object({
  active_version: z.number().nullable(),
  /** 1 + the policy's sign-off steps (1: an editor's approve alone). */
  steps: z.number(),
  /** Every applicable step passed on someone's "ok": never true when no step applies (nobody signed). */
  signed_off: z.boolean(),
  /** The version's standing; absent from answers made before it existed. */
  standing: SignoffStanding.optional(),
  /** Each sign-off step as it stands on the active version, in the policy's order (empty for one step). */
  route: z.array(z.lazy(() => StepState)).default([]),
  current: z.array(VerdictView),
  earlier: z.array(VerdictView),
});
export type PostVerdicts = z.infer<typeof PostVerdicts>;

/** What a queue or inbox row shows: the state of the verdicts on the version it lists. */
export const VERDICT_STATES = ["none", "signed_off", "changes"] as const;
export type VerdictState = (typeof VERDICT_STATES)[number];
export const VerdictSummary = z.object({
  state: z.enum(VERDICT_STATES),
  ok: z.number(),
  changes: z.number(),
  /** Names of who gave the current verdicts, for a tooltip. */
  by: z.array(z.string()),
});
export type VerdictSummary = z.infer<typeof VerdictSummary>;

/*
 * The approval policy: an ordered list of sign-off steps before
 * the editor's approve. Each names who may pass it (a role, or a named group
 * of people), whether any one or all of them must say "ok", and when it
 * applies (always, only when the version has findings, only when it has a
 * finding of a given rule). No steps: the editor approves alone.
 */
export const POLICY_ROLES = ["reviewer", "editor", "admin"] as const;
export const POLICY_MAX_STEPS = 8;
export const GROUP_MAX_MEMBERS = 50;
export const StepWho = z.union([
  z.strictObject({ role: z.enum(POLICY_ROLES) }),
  z.strictObject({
    group: z.string().trim().min(1).max(60),
    members: z
      .array(z.email().max(200).transform((e) => e.toLowerCase()))
      .min(1)
      .max(GROUP_MAX_MEMBERS)
      .refine((m) => new Set(m).size === m.length, "повторяющиеся адреса"),
  }),
]);
export type StepWho = z.infer<typeof StepWho>;
export const StepWhen = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("always") }),
  /** Only when the version has findings (warnings or blocking ones). */
  z.strictObject({ kind: z.literal("warnings") }),
  /** Only when the version has a finding of this rule (lib/checks' rule id). */
  z.strictObject({ kind: z.literal("rule"), rule: z.string().trim().min(1).max(60) }),
]);
export type StepWhen = z.infer<typeof StepWhen>;
export const PolicyStep = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  who: StepWho,
  need: z.enum(["any", "all"]).default("any"),
  when: StepWhen.default({ kind: "always" }),
});
export type PolicyStep = z.output<typeof PolicyStep>;

/** `{ steps: 1 | 2 }` (one step, or a reviewer's "ok" first, as before) or the sign-off steps themselves. */
export const PolicyBody = z.union([
  z.strictObject({ steps: z.union([z.literal(1), z.literal(2)]) }),
  z.strictObject({ signoff: z.array(PolicyStep).max(POLICY_MAX_STEPS) }),
]);
export type PolicyBody = z.output<typeof PolicyBody>;
export const PolicyView = z.object({
  campaign_id: z.number(),
  /** 1 + signoff.length: the approve itself is the last step. */
  steps: z.number(),
  signoff: z.array(PolicyStep),
  set_by: z.string().nullable(),
  set_at: z.string().nullable(),
  /** Group members no dashboard user has the address of (the policy's own read and save say so). */
  unknown_members: z.array(z.string()).optional(),
});
export type PolicyView = z.infer<typeof PolicyView>;

/** One sign-off step on a post's active version: does it apply, is it passed, by whom, who is still awaited (for "all"). */
export const StepState = z.object({
  index: z.number(),
  step: PolicyStep,
  applies: z.boolean(),
  passed: z.boolean(),
  by: z.array(z.string()),
  waiting_for: z.array(z.string()),
});
export type StepState = z.infer<typeof StepState>;

export const PresenceBody = z.object({ task_id: z.number().int().positive(), campaign_id: z.number().int().positive().nullable().optional() });
export const Viewer = z.object({ email: z.string(), name: z.string() });
export type Viewer = z.infer<typeof Viewer>;
/** Who has each post open right now, by task id (as text: JSON object keys). */
export const PresenceView = z.object({ viewers: z.record(z.string(), z.array(Viewer)) });
export type PresenceView = z.infer<typeof PresenceView>;

export const MentionUser = z.object({ email: z.string(), name: z.string(), role: z.string() });
export type MentionUser = z.infer<typeof MentionUser>;
