// The main thread's side of the schema check: one dedicated worker per tab
// (lib/queries/response-check.worker.ts), started on the first read, so zod
// and the schemas are evaluated there and never block the main thread. Where
// there is no Worker (tests in jsdom, an old browser) or it fails to start,
// the check runs in-thread, the schemas loaded by `import()` as before.
import type { Checked, ResponseSchemaName } from "./response-schemas";
import type { CheckReply, CheckRequest } from "./response-check-protocol";

/** What the client needs of a Worker (a fake one in tests). */
export type WorkerLike = {
  postMessage(message: CheckRequest): void;
  addEventListener(type: "message" | "error" | "messageerror", listener: (event: Event) => void): void;
  terminate(): void;
};

export type CheckInThread = (schema: ResponseSchemaName, body: unknown) => Promise<Checked<unknown>>;

export type ResponseChecker = {
  /** Starts the worker if it is not yet (so it loads while the request is under way); false when checks run in-thread. */
  warm(): boolean;
  check(schema: ResponseSchemaName, body: unknown): Promise<Checked<unknown>>;
};

type Pending = { schema: ResponseSchemaName; body: unknown; resolve: (c: Checked<unknown>) => void; reject: (e: unknown) => void };

/**
 * `startWorker` returns the worker, or null (or throws) where there is none;
 * `inThread` is the fallback, used for every check once the worker is found
 * broken (an error event: its script or its chunks failed to load, CSP refused it).
 */
export function createResponseChecker(startWorker: () => WorkerLike | null, inThread: CheckInThread): ResponseChecker {
  let worker: WorkerLike | null | undefined; // undefined: not tried yet; null: none, check in-thread
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function fallBack(p: Pending): void {
    inThread(p.schema, p.body).then(p.resolve, p.reject);
  }

  function broken(): void {
    worker?.terminate();
    worker = null;
    const left = [...pending.values()];
    pending.clear();
    for (const p of left) fallBack(p);
  }

  function onReply(event: Event): void {
    const reply = (event as MessageEvent<CheckReply>).data;
    const p = pending.get(reply?.id);
    if (!p) return;
    pending.delete(reply.id);
    if ("checked" in reply) p.resolve(reply.checked);
    else fallBack(p);
  }

  function current(): WorkerLike | null {
    if (worker !== undefined) return worker;
    try {
      worker = startWorker();
    } catch {
      worker = null;
    }
    if (worker) {
      worker.addEventListener("message", onReply);
      worker.addEventListener("error", broken);
      worker.addEventListener("messageerror", broken);
    }
    return worker;
  }

  return {
    warm() {
      return current() !== null;
    },
    check(schema, body) {
      const w = current();
      return new Promise<Checked<unknown>>((resolve, reject) => {
        const p: Pending = { schema, body, resolve, reject };
        if (!w) return fallBack(p);
        const id = nextId++;
        pending.set(id, p);
        try {
          w.postMessage({ id, schema, body });
        } catch {
          // A body the structured clone refuses (never from JSON.parse, but still): check it here.
          pending.delete(id);
          fallBack(p);
        }
      });
    },
  };
}

/** The tab's worker, where the browser has Workers; the URL is one Turbopack bundles as a worker entry. */
export function startResponseCheckWorker(): WorkerLike | null {
  if (typeof window === "undefined" || typeof Worker !== "function") return null;
  return new Worker(new URL("./response-check.worker.ts", import.meta.url), { type: "module", name: "response-check" });
}
