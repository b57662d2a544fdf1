// POST /api/notifications/read – mark the person's own notifications read: body { "ids": [..] } or { "all": true }
import { MarkReadBody } from "@/lib/schemas/notify";
import { publishEvent } from "@/lib/server/events";
import { markRead, unreadCount } from "@/lib/server/notify/store";
import { json, parseJsonBody, sameOrigin, withSession } from "@/lib/server/route";

export const POST = withSession(
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, MarkReadBody);
    const changed = await markRead(session.email, body);
    const unread = await unreadCount(session.email);
    // The person's other tabs update their bell too.
    if (changed > 0) publishEvent({ type: "notification", to: session.email.toLowerCase(), unread });
    return json({ data: { changed, unread } });
  }),
);
