// GET /api/events – Server-Sent Events for the signed-in person: small "this changed" events its pages refetch on
import { eventsHandler } from "@/lib/server/events/stream";
import { withSession } from "@/lib/server/route";

// A stream per request, never prerendered or cached; Node for the Redis subscriber and timers.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = withSession(eventsHandler());
