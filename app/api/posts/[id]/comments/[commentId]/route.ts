// PATCH/DELETE /api/posts/[id]/comments/[commentId] – the author edits or deletes their own comment within 15 minutes
import { CommentBody } from "@/lib/schemas/collab";
import { deleteComment, editComment } from "@/lib/server/collab/comments";
import { json, parseId, parseJsonBody, sameOrigin, withPermission } from "@/lib/server/route";

export const PATCH = withPermission(
  "comment",
  sameOrigin(async ({ req, params, session }) => {
    const { body } = await parseJsonBody(req, CommentBody);
    return json({ data: await editComment(parseId(params.id), parseId(params.commentId, "commentId"), body, session) });
  }),
);

export const DELETE = withPermission(
  "comment",
  sameOrigin(async ({ params, session }) => {
    const id = parseId(params.commentId, "commentId");
    await deleteComment(parseId(params.id), id, session);
    return json({ data: { id } });
  }),
);
