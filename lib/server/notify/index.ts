import "server-only";

/**
 * What other parts of the dashboard tell the notifications module.
 * Callers fire and forget: `notify()` never throws and never delays
 * the action that caused it. The module decides who gets what (each person's
 * settings), in-app and by e-mail digest and the outgoing webhook.
 *
 * The sink is kept on globalThis: start-up (instrumentation) registers it from
 * one bundle, while the routes that call `notify()` (comments, share links)
 * run in others, each with its own copy of this module.
 */
export type Actor = { email: string; name: string };

export type NotifyEvent =
  /** Someone was @mentioned in a comment; `to` are the mentioned users' emails. */
  | { kind: "mention"; to: string[]; task_id: number; campaign_id?: number | null; by: Actor; comment_id: number; excerpt: string }
  /** A reviewer asked for changes; the module finds who approved the post (audit_log) and tells them. */
  | { kind: "changes_requested"; task_id: number; campaign_id?: number | null; by: Actor; version: number; note: string }
  /** A visitor of a share link approved or rejected; `link_creator` is the email of who made the link. */
  | {
      kind: "share_decision";
      task_id: number;
      campaign_id?: number | null;
      link_id: string;
      external_name: string;
      action: "approve" | "reject";
      link_creator: string;
    }
  /** A decision recorded as outcome_unknown was settled by a later read (lib/server/outcomes); `to` is who decided. */
  | {
      kind: "decision_settled";
      to: string;
      task_id: number;
      campaign_id?: number | null;
      action: "approve" | "reject";
      outcome: "done" | "not_applied";
      decided_at: string;
      settled_at: string;
    }
  /** An approve landed on a version nobody signed (lib/server/outcomes/wrong-version.ts): the approver (null: a share-link visitor) and every admin. */
  | {
      kind: "wrong_version";
      approver: string | null;
      approver_name: string;
      task_id: number;
      campaign_id?: number | null;
      signed: number | null;
      approved: number | null;
    };

type Sink = (event: NotifyEvent) => Promise<void> | void;
/** Another channel (the Telegram bot) hears each event with its recipients after in-app and e-mail. */
export type NotifyListener = (event: NotifyEvent, to: readonly string[]) => Promise<void> | void;
const g = globalThis as typeof globalThis & { __dashboardNotifySink?: Sink; __dashboardNotifyListeners?: Map<string, NotifyListener> };

/** Registers (or, with undefined, removes) a channel by name; start-up does it once per process. */
export function setNotifyListener(name: string, listener: NotifyListener | undefined): void {
  const all = (g.__dashboardNotifyListeners ??= new Map());
  if (listener) all.set(name, listener);
  else all.delete(name);
}

export function notifyListeners(): NotifyListener[] {
  return [...(g.__dashboardNotifyListeners?.values() ?? [])];
}

/** The notifications module registers its handler here when the server starts. */
export function setNotifySink(next: Sink | undefined): void {
  g.__dashboardNotifySink = next;
}

export function notify(event: NotifyEvent): void {
  const sink = g.__dashboardNotifySink;
  if (!sink) return;
  try {
    void Promise.resolve(sink(event)).catch(() => undefined);
  } catch {
    // a notification is never worth failing the action that caused it
  }
}
