import "server-only";
import type { NextRequest } from "next/server";
import { getSessionUser } from "@/lib/server/auth/session";
import type { SessionUser } from "@/lib/auth/roles";
import { EventId, type Delivery } from "@/lib/events/schema";
import { ApiError, text as said } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import type { Handler, SessionContext } from "@/lib/server/route";
import type { EventBus } from "./bus";
import { mayReceive } from "./access";
import { notificationsFlowing } from "./notifications";
import { eventBus } from "./index";

export type StreamOptions = {
  /** A comment this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /**
   * The session is asked again this often (every check reads the session row
   * and the users store, session-check.ts), so a sign-out, revocation, removal
   * or role change made on any instance closes the stream within it.
   */
  recheckMs: number;
  /** The browser's reconnection delay after a drop (the `retry:` field). */
  retryMs: number;
  /** Open streams per person on this instance; a tab beyond it polls instead. */
  maxPerPerson: number;
  bus: () => EventBus;
  /** The person behind the request now (a sign-out or revocation ends the stream at the next recheck). */
  recheck: (req: NextRequest) => Promise<SessionUser | null>;
};

const STREAM_DEFAULTS: StreamOptions = {
  heartbeatMs: 15_000,
  recheckMs: 1_000,
  retryMs: 3_000,
  maxPerPerson: 6,
  bus: eventBus,
  recheck: getSessionUser,
};

/** A reader this far behind is dropped: it reconnects and resyncs instead of growing our memory. */
const MAX_BACKLOG_BYTES = 256 * 1024;

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: compression (Next's included) would hold events back to fill a block.
  "Cache-Control": "no-cache, no-transform",
  // nginx and others buffer responses unless told not to.
  "X-Accel-Buffering": "no",
} as const;

const encoder = new TextEncoder();
const frame = (fields: { event?: string; id?: string; data: string }) =>
  `${fields.event ? `event: ${fields.event}\n` : ""}${fields.id ? `id: ${fields.id}\n` : ""}data: ${fields.data}\n\n`;

/** The person's slots, per route bundle (only this route opens streams). */
const openStreams = new Map<string, number>();

function takeSlot(email: string, max: number): () => void {
  const n = openStreams.get(email) ?? 0;
  if (n >= max) {
    throw new ApiError(
      "too_many_streams",
      said("misc.tooManyStreams", { max }),
      { status: 429, retryAfterSeconds: 30 },
    );
  }
  openStreams.set(email, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(email) ?? 1) - 1;
    if (left > 0) openStreams.set(email, left);
    else openStreams.delete(email);
  };
}

/** The id to resume after: the browser's own Last-Event-ID on its reconnects, the query on ours. */
function resumeFrom(ctx: SessionContext): string | undefined {
  const raw = ctx.req.headers.get("last-event-id") ?? ctx.query.get("last_event_id") ?? undefined;
  const parsed = EventId.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * GET /api/events: hello (with whether the server hears of upstream changes
 * by itself), a replay of what a reconnecting tab missed or `resync` when that
 * is not known here, then each event the person may read, with its id.
 */
export function eventsHandler(options: Partial<StreamOptions> = {}): Handler<SessionContext> {
  const o = { ...STREAM_DEFAULTS, ...options };
  return async (ctx) => {
    const { req, session } = ctx;
    const release = takeSlot(session.email, o.maxPerPerson);
    const bus = o.bus();
    try {
      await bus.ready();
    } catch (e) {
      release();
      throw e;
    }
    const after = resumeFrom(ctx);
    const notifications = notificationsFlowing();
    let stop = () => release();

    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          let closed = false;
          // Called only once the subscriptions below exist (nothing before them can close).
          const close = () => {
            if (closed) return;
            closed = true;
            clearInterval(heartbeat);
            clearInterval(recheck);
            unsubscribe();
            offDown();
            req.signal.removeEventListener("abort", close);
            release();
            try {
              controller.close();
            } catch {
              // Already cancelled by the reader.
            }
          };
          stop = close;
          const send = (text: string) => {
            if (closed) return;
            if ((controller.desiredSize ?? 0) < -MAX_BACKLOG_BYTES) return close();
            controller.enqueue(encoder.encode(text));
          };
          const deliver = (d: Delivery) => {
            if (mayReceive(session.role, d.event, session.email)) send(frame({ id: d.id, data: JSON.stringify(d.event) }));
          };

          // No event is emitted while this runs (one tick): subscribing before the replay loses and repeats nothing.
          const missed = after ? bus.since(after) : [];
          const unsubscribe = bus.subscribe(deliver);
          const offDown = bus.onDown(close);
          const heartbeat = setInterval(() => send(`: ${Date.now()}\n\n`), o.heartbeatMs);
          // One check at a time: a slow database does not pile them up.
          let checking = false;
          const recheck = setInterval(() => {
            if (checking) return;
            checking = true;
            o.recheck(req)
              .then(
                (now) => {
                  if (!now || now.email !== session.email || now.role !== session.role) close();
                },
                () => close(),
              )
              .finally(() => (checking = false));
          }, o.recheckMs);

          send(`retry: ${o.retryMs}\n\n`);
          // The hello carries the resume point only when nothing is replayed after it.
          send(frame({ event: "hello", id: missed?.length ? undefined : bus.head(), data: JSON.stringify({ notifications }) }));
          if (missed === null) send(frame({ event: "resync", data: "{}" }));
          else missed.forEach(deliver);
          req.signal.addEventListener("abort", close);
          if (req.signal.aborted) close();
        },
        cancel() {
          stop();
        },
      },
      { highWaterMark: 16 * 1024, size: (chunk) => chunk.byteLength },
    );
    log.debug("event stream opened", { user: session.email, resumed: Boolean(after) });
    return new Response(body, { status: 200, headers: SSE_HEADERS });
  };
}
