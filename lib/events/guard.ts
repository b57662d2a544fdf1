import type { DashboardEvent, Hello } from "./schema";

/*
 * The browser's reading of stream events, without zod. ./schema.ts stays the
 * one definition (the server checks what crosses Redis with it); this is the
 * same rules written out by hand, because loading the schema library into a
 * page's main thread just to read `{ type, task_id }` was one of the longest
 * tasks of every page's load on a phone (zod's core, ~100 ms at 4× slowdown).
 * guard.test.ts checks both accept and refuse the same events, so they cannot
 * drift apart.
 */

type Kind = "number" | "string" | "boolean" | readonly string[];
type Field = { kind: Kind; optional?: boolean };
const num: Field = { kind: "number" };
const str: Field = { kind: "string" };
const optNum: Field = { kind: "number", optional: true };
const optStr: Field = { kind: "string", optional: true };
const oneOf = (...values: string[]): Field => ({ kind: values });

const SHAPES: Record<DashboardEvent["type"], Record<string, Field>> = {
  post: { task_id: num, campaign_id: optNum, status: optStr, reason: oneOf("decision", "webhook", "refresh") },
  campaign: { campaign_id: num, reason: oneOf("decision", "webhook", "refresh", "bulk") },
  bulk: { job_id: num, campaign_id: num, status: str, ok: num, failed: num, unknown: optNum, total: num },
  comment: { task_id: num, campaign_id: optNum, comment_id: num, action: oneOf("created", "edited", "deleted") },
  verdict: { task_id: num, campaign_id: optNum, version: num, verdict: str, by: str },
  presence: { task_id: num, campaign_id: optNum, count: num },
  notification: { to: str, unread: num },
};

function fits(value: unknown, kind: Kind): boolean {
  if (typeof kind !== "string") return typeof value === "string" && kind.includes(value);
  if (kind === "number") return typeof value === "number" && Number.isFinite(value);
  return typeof value === kind;
}

/** The known fields of `input` when every one fits, else null (unknown keys are dropped, as zod does). */
function read(input: Record<string, unknown>, shape: Record<string, Field>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = input[key];
    if (value === undefined && field.optional) continue;
    if (!fits(value, field.kind)) return null;
    out[key] = value;
  }
  return out;
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The event in `data`, or null for anything this tab does not understand (a newer server's event). */
export function readEvent(data: string): DashboardEvent | null {
  const input = json(data);
  if (!isRecord(input) || typeof input.type !== "string" || !Object.hasOwn(SHAPES, input.type)) return null;
  const fields = read(input, SHAPES[input.type as DashboardEvent["type"]]);
  return fields ? ({ type: input.type, ...fields } as DashboardEvent) : null;
}

/** The stream's first message, or null. */
export function readHello(data: string): Hello | null {
  const input = json(data);
  return isRecord(input) && typeof input.notifications === "boolean" ? { notifications: input.notifications } : null;
}
