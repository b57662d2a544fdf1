"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { DateTime } from "@/components/post/date-time";
import { Button } from "@/components/ui/button";
import { labelOr } from "@/i18n/keys";
import { commentsKey, deleteComment, editComment } from "@/lib/queries/collab";
import type { CommentView } from "@/lib/schemas/collab";
import { COMMENT_EDIT_WINDOW_MS, COMMENT_MAX } from "@/lib/schemas/limits";
import { CommentBody } from "./comment-body";

/**
 * One comment. "on version N" appears only when the text has moved on since
 * it was written; a comment about a passage quotes it, and says «outdated»
 * when a later version edited or removed that passage; its author may edit or delete it for 15 minutes (the server
 * checks again, and says so when the window has closed meanwhile).
 */
export function CommentItem({ comment, activeVersion, me, now }: { comment: CommentView; activeVersion: number | null; me: string; now: number }) {
  const t = useTranslations("collab.comments");
  const tc = useTranslations("common");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const fieldId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsKey(comment.task_id) });
  const save = useMutation({
    mutationFn: (body: string) => editComment(comment.task_id, comment.id, body),
    onSuccess: () => setEditing(null),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteComment(comment.task_id, comment.id), onSettled: refresh });

  const mine = comment.author_email === me && now - Date.parse(comment.created_at) < COMMENT_EDIT_WINDOW_MS;
  const moved = comment.version !== null && activeVersion !== null && comment.version !== activeVersion;
  const anchor = comment.anchor;
  const role = comment.author_role === "external" ? t("external") : labelOr(tc, "roles", comment.author_role);

  return (
    <li
      id={`comment-${comment.id}`}
      className="space-y-1 border-l-2 border-zinc-300 pl-3 text-sm dark:border-zinc-700"
      data-comment-id={comment.id}
      data-anchor-state={anchor?.state}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">{comment.author_name}</span>
        <span className="text-zinc-700 dark:text-zinc-300">({role})</span>
        <span className="text-zinc-700 dark:text-zinc-300">
          <DateTime value={comment.created_at} />
        </span>
        {moved && !anchor && (
          <span className="rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t("onVersion", { n: comment.version! })}</span>
        )}
        {anchor?.state === "outdated" && (
          <span
            className="rounded border border-amber-700 bg-amber-100 px-1 text-xs font-medium text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200"
            title={t("passageOutdatedTitle", { n: anchor.version })}
            data-anchor-outdated
          >
            {t("passageOutdated")}
          </span>
        )}
        {anchor?.state === "carried" && <span className="text-xs text-zinc-700 dark:text-zinc-300">{t("passageCarried", { n: anchor.version })}</span>}
        {comment.edited_at && <span className="text-xs text-zinc-700 italic dark:text-zinc-300">{t("edited")}</span>}
      </p>
      {anchor && <CommentQuote id={comment.id} quote={anchor.quote} outdated={anchor.state === "outdated"} shown={anchor.at !== null} version={anchor.version} />}
      {editing === null ? (
        <CommentBody body={comment.body} plain={comment.author_role === "external" || comment.share_link_id !== null} />
      ) : (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(editing);
          }}
        >
          <label htmlFor={fieldId} className="sr-only">
            {t("editLabel")}
          </label>
          <textarea
            id={fieldId}
            value={editing}
            rows={3}
            onChange={(e) => setEditing(e.target.value)}
            className="block w-full rounded-md border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          {editing.trim().length > COMMENT_MAX && (
            <p className="text-sm text-red-800 dark:text-red-300">{t("tooLong", { max: COMMENT_MAX, over: editing.trim().length - COMMENT_MAX })}</p>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="primary" disabled={save.isPending || editing.trim() === "" || editing.trim().length > COMMENT_MAX}>
              {t("save")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
      {mine && editing === null && (
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={() => setEditing(comment.body)}>
            {t("edit")}
          </Button>
          <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => window.confirm(t("confirmDelete")) && remove.mutate()}>
            {t("delete")}
          </Button>
        </div>
      )}
      {(save.isError || remove.isError) && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {save.isError ? t("editFailed", { message: save.error.message }) : t("deleteFailed", { message: remove.error?.message ?? "" })}
        </p>
      )}
    </li>
  );
}

/** The passage a comment is about, as it was quoted; an outdated one is dimmed (its words kept, the badge says why). */
function CommentQuote({ id, quote, outdated, shown, version }: { id: number; quote: string; outdated: boolean; shown: boolean; version: number }) {
  const t = useTranslations("collab.comments");
  // The passage's mark in the post's text, scrolled to and flashed (the text panel is far above the thread).
  const showInText = () => {
    const mark = document.querySelector<HTMLElement>(`[data-post-text] mark[data-comment-ids~="${id}"]`);
    if (!mark) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    mark.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    if (!still) mark.animate([{ outlineColor: "rgb(3 105 161)", outlineWidth: "3px", outlineStyle: "solid" }, { outlineColor: "transparent", outlineWidth: "3px", outlineStyle: "solid" }], { duration: 1600 });
  };
  return (
    <div className="space-y-0.5">
      <blockquote
        className={
          outdated
            ? "border-l-4 border-zinc-300 bg-zinc-50 px-2 py-0.5 whitespace-pre-wrap text-zinc-700 italic dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-300"
            : "border-l-4 border-sky-700 bg-sky-50 px-2 py-0.5 whitespace-pre-wrap text-zinc-900 dark:border-sky-300 dark:bg-sky-950 dark:text-zinc-100"
        }
        data-comment-quote
      >
        <span className="sr-only">{outdated ? t("passageOutdatedTitle", { n: version }) : t("passageLabel")}: </span>
        <span className="line-clamp-3">{quote}</span>
      </blockquote>
    {shown && (
      <button type="button" onClick={showInText} className="text-xs text-sky-800 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-sky-300">
        {t("passageShow")}
      </button>
    )}
    </div>
  );
}
