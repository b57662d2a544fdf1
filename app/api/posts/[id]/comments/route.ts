// GET/POST /api/posts/[id]/comments – the post's comment thread (any role reads and writes; 1–2,000 characters)
import { NewCommentBody } from "@/lib/schemas/collab";
import { createComment, listComments } from "@/lib/server/collab/comments";
import { postFacts } from "@/lib/server/collab/post-facts";
import { json, parseId, parseJsonBody, sameOrigin, withPermission, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params }) => json({ items: await listComments(parseId(params.id)) }));

export const POST = withPermission(
  "comment",
  sameOrigin(async ({ req, params, session, priority }) => {
    const taskId = parseId(params.id);
    const { body, version } = await parseJsonBody(req, NewCommentBody);
    // Tied to the version the author is reading (the page says which; else the cached post's); an unknown post is a 404 before anything is stored.
    const facts = await postFacts(taskId, priority);
    const comment = await createComment({ task_id: taskId, campaign_id: facts.campaign_id, version: version ?? facts.active_version, body, author: session });
    return json({ data: comment }, { status: 201 });
  }),
);
