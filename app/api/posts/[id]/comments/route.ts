// GET/POST /api/posts/[id]/comments – the post's comment thread (any role reads and writes; 1–2,000 characters),
// a comment optionally anchored to a passage of the version shown (so a comment can say which words it is about)
import * as z from "zod";
import { NewCommentBody } from "@/lib/schemas/collab";
import { createComment, listComments } from "@/lib/server/collab/comments";
import { checkedAnchor } from "@/lib/server/collab/comments-anchors";
import { postFacts } from "@/lib/server/collab/post-facts";
import { json, parseId, parseJsonBody, sameOrigin, withPermission, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => json({ items: await listComments(parseId(params.id), { priority }) }));

// The anchor is checked on its own (comments-anchors), so that a 400 names its field (anchor.start), not just "anchor".
const Body = NewCommentBody.extend({ anchor: z.unknown().optional() });

export const POST = withPermission(
  "comment",
  sameOrigin(async ({ req, params, session, priority }) => {
    const taskId = parseId(params.id);
    const { body, version, anchor } = await parseJsonBody(req, Body);
    if (anchor !== undefined) {
      // A fresh read, like a verdict's: a passage of a replaced text is refused (409), and the thread's next read sees the new version.
      const post = await service.postFresh(taskId, "confirm");
      const checked = checkedAnchor(anchor, post, version);
      const comment = await createComment({ task_id: taskId, campaign_id: post.campaign_id, version: checked.version, body, author: session, anchor: checked.anchor });
      return json({ data: comment }, { status: 201 });
    }
    // Tied to the version the author is reading (the page says which; else the cached post's); an unknown post is a 404 before anything is stored.
    const facts = await postFacts(taskId, priority);
    const comment = await createComment({ task_id: taskId, campaign_id: facts.campaign_id, version: version ?? facts.active_version, body, author: session });
    return json({ data: comment }, { status: 201 });
  }),
);
