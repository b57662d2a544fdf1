"use client";

import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { usePost } from "@/components/post/use-post";
import { commentsKey, commentsQuery } from "@/lib/queries/collab";
import { CommentForm } from "./comment-form";
import { CommentItem } from "./comment-item";

/**
 * A post's thread, oldest first, then the box for a new comment (every role
 * may comment). Live: `comment` events refetch it (lib/events/invalidate.ts).
 */
export function CommentsThread({ id, me }: { id: number; me: string }) {
  const t = useTranslations("collab.comments");
  const items = useSuspenseQuery(commentsQuery(id)).data.items;
  const post = usePost(id).data.data;
  const activeVersion = post.versions.find((v) => v.is_active);
  const active = activeVersion?.version_number ?? null;
  // Anchored passages are told against the active version: when the page learns of a new one, read them again.
  const queryClient = useQueryClient();
  const seenActive = useRef(active);
  useEffect(() => {
    if (seenActive.current === active) return;
    seenActive.current = active;
    void queryClient.invalidateQueries({ queryKey: commentsKey(id) });
  }, [active, id, queryClient]);
  // The edit window is judged against a clock that ticks, so Edit and Delete go away on time.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="space-y-4">
      {items.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("empty")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("title")}>
          {items.map((c) => (
            <CommentItem key={c.id} comment={c} activeVersion={active} me={me} now={now} />
          ))}
        </ol>
      )}
      <CommentForm taskId={id} version={active} text={activeVersion?.text_content ?? ""} />
    </div>
  );
}
