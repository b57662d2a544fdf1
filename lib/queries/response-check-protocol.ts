// The messages between the main thread (lib/queries/response-check-client.ts)
// and the worker that checks answers against the schemas
// (lib/queries/response-check.worker.ts). Type-only imports: nothing here
// pulls zod or the schemas into the main thread's bundle.
import type { Checked, ResponseSchemaName } from "./response-schemas";

/** Main thread → worker: check `body` (the parsed JSON of a GET answer) against `schema`. */
export type CheckRequest = { id: number; schema: ResponseSchemaName; body: unknown };

/**
 * Worker → main thread: the check's result (the parsed value, the schemas'
 * transforms applied, or the issues), or `failed` when the check itself threw
 * (the main thread then checks in-thread).
 */
export type CheckReply = { id: number; checked: Checked<unknown> } | { id: number; failed: string };

type Check = (schema: ResponseSchemaName, body: unknown) => Checked<unknown>;

function isRequest(message: unknown): message is CheckRequest {
  if (typeof message !== "object" || message === null) return false;
  const m = message as Record<string, unknown>;
  return typeof m.id === "number" && typeof m.schema === "string" && "body" in m;
}

/**
 * The worker's whole job, testable without a Worker: one request in, its
 * reply out (null for a message that is not a request: nothing to answer).
 */
export function handleCheckMessage(message: unknown, check: Check): CheckReply | null {
  if (!isRequest(message)) return null;
  try {
    return { id: message.id, checked: check(message.schema, message.body) };
  } catch (error) {
    return { id: message.id, failed: error instanceof Error ? error.message : String(error) };
  }
}
