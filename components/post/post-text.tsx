"use client";

import { useTranslations } from "next-intl";
import { usePost } from "./use-post";

/** The text of the active version, with its line breaks. */
export function PostText({ id }: { id: number }) {
  const t = useTranslations("review.post");
  const post = usePost(id).data.data;
  const active = post.versions.find((v) => v.is_active);
  return (
    <div>
      {active && <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t("activeVersion", { n: active.version_number })}</p>}
      {post.text ? (
        <p className="text-base leading-relaxed break-words whitespace-pre-wrap">{post.text}</p>
      ) : (
        <p className="text-sm text-zinc-600 italic dark:text-zinc-400">{t("noText")}</p>
      )}
    </div>
  );
}
