// GET /api/notifications – the signed-in person's in-app notifications (newest first) and their unread count
import { NotificationsQuery } from "@/lib/schemas/notify";
import { notificationList } from "@/lib/server/notify/store";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ query, session }) => {
  const { limit, unread } = parseQuery(NotificationsQuery, query);
  const data = await notificationList(session.email, { limit, unreadOnly: unread === "1" });
  return dataJson({ data, meta: { stale: false, fetchedAt: new Date().toISOString() } });
});
