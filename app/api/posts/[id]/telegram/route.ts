// POST /api/posts/[id]/telegram – sends the post's card (with its buttons) to the signed-in person's own Telegram chat; audited
import { json, parseId, sameOrigin, withSession } from "@/lib/server/route";
import { sendOnRequest } from "@/lib/server/messengers/on-request";

export const POST = withSession(sameOrigin(async ({ params, session, priority }) => json(await sendOnRequest("telegram", session, parseId(params.id), priority))));
