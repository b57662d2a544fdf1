"use client";

import { useTranslations } from "next-intl";
import { PassageText } from "@/components/collab/comment-passage-text";
import { usePost } from "./use-post";

/** The text of the active version, with its line breaks, the passages comments are about marked, and a way to comment on one: a comment can say which words it is about. */
export function PostText({ id }: { id: number }) {
  const t = useTranslations("review.post");
  const post = usePost(id).data.data;
  const active = post.versions.find((v) => v.is_active);
  return (
    <div>
      {active && <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t("activeVersion", { n: active.version_number })}</p>}
      {post.text ? (
        // Anchors count in the active version's text_content (the post's text is that same text).
        <PassageText
          taskId={id}
          version={active?.version_number ?? null}
          text={active?.text_content ?? post.text}
          className="text-base leading-relaxed break-words whitespace-pre-wrap"
        />
      ) : (
        <p className="text-sm text-zinc-600 italic dark:text-zinc-400">{t("noText")}</p>
      )}
    </div>
  );
}
