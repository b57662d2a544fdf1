// GET /api/notifications – the signed-in person's in-app notifications (newest first) and their unread count
import { NotificationsQuery } from "@/lib/schemas/notify";
import { notificationList } from "@/lib/server/notify/store";
import { postTitles } from "@/lib/server/posts/titles";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ query, session }) => {
  const { limit, unread } = parseQuery(NotificationsQuery, query);
  const list = await notificationList(session.email, { limit, unreadOnly: unread === "1" });
  // Each item names its post by title as well as number (the mirror; no upstream read).
  const titles = await postTitles(list.items.map((i) => i.task_id));
  const data = { ...list, items: list.items.map((i) => ({ ...i, post_title: titles.get(i.task_id) ?? null })) };
  return dataJson({ data, meta: { stale: false, fetchedAt: new Date().toISOString() } });
});
