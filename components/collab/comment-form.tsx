"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { commentsKey } from "@/lib/queries/collab";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { postKey } from "@/lib/queries/posts";
import { COMMENT_MAX } from "@/lib/schemas/limits";
import { PassagePicker } from "./comment-passage-picker";
import { clearPassage, postCommentOn, usePendingPassage } from "./comment-passage-store";
import { useMentions } from "./use-mentions";

/**
 * The new-comment box: plain text, 1–2,000 characters, with @mention
 * suggestions as you type (arrows choose, Enter or Tab inserts, Escape
 * closes). A failed send keeps the text and says why. A passage chosen in
 * the post's text (comment-passage-text) is shown above the box and sent as
 * the comment's anchor; when the text moved on meanwhile (409), the post is
 * read again and the passage has to be chosen anew in the new text.
 */
export function CommentForm({ taskId, version, text: postText = "" }: { taskId: number; version: number | null; text?: string }) {
  const t = useTranslations("collab.comments");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const ids = { field: useId(), list: useId(), count: useId(), quote: useId() };
  const mentions = useMentions(text, caret);
  const chosen = usePendingPassage(taskId);
  // A passage of a version no longer shown is not offered (nor sent).
  const passage = chosen && chosen.version === version ? chosen : null;

  // Each new choice in the text brings the box into view with the caret in it.
  const seq = passage?.focus === false ? undefined : passage?.seq;
  useEffect(() => {
    if (seq === undefined) return;
    area.current?.scrollIntoView({ block: "center", behavior: "smooth" });
    area.current?.focus({ preventScroll: true });
  }, [seq]);

  const send = useMutation({
    mutationFn: () => postCommentOn(taskId, text, version, passage),
    onSuccess: () => {
      setText("");
      setCaret(0);
      clearPassage(taskId);
    },
    onError: (e) => {
      if (e instanceof ApiClientError && e.code === "version_changed") {
        clearPassage(taskId);
        void queryClient.invalidateQueries({ queryKey: postKey(taskId) });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsKey(taskId) }),
  });

  const choose = (i: number) => {
    const user = mentions.items[i];
    if (!user) return;
    const next = mentions.insert(user);
    setText(next.text);
    setCaret(next.caret);
    mentions.reset();
    requestAnimationFrame(() => area.current?.setSelectionRange(next.caret, next.caret));
    area.current?.focus();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.items.length === 0) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      mentions.move(e.key === "ArrowDown" ? 1 : -1);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      choose(mentions.active);
    } else if (e.key === "Escape") {
      e.preventDefault();
      mentions.dismiss();
    }
  };

  const length = text.trim().length;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (length > 0 && length <= COMMENT_MAX) send.mutate();
      }}
    >
      <label htmlFor={ids.field} className="block text-sm font-medium">
        {passage ? t("labelPassage") : t("label")}
      </label>
      {version !== null && postText !== "" && <PassagePicker taskId={taskId} version={version} text={postText} chosen={passage} locale={locale} />}
      {passage && (
        <div className="flex items-start gap-2" data-pending-quote>
          <blockquote id={ids.quote} className="min-w-0 flex-1 border-l-4 border-violet-600 bg-violet-50 px-2 py-1 text-sm whitespace-pre-wrap text-zinc-900 dark:border-violet-400 dark:bg-violet-950 dark:text-zinc-100">
            <span className="sr-only">{t("passageLabel")}: </span>
            <span className="line-clamp-3">{passage.quote}</span>
          </blockquote>
          <Button size="sm" variant="ghost" onClick={() => clearPassage(taskId)} aria-label={t("passageRemove")} title={t("passageRemove")}>
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
      )}
      <textarea
        id={ids.field}
        ref={area}
        value={text}
        rows={3}
        placeholder={t("placeholder")}
        aria-describedby={passage ? `${ids.quote} ${ids.count}` : ids.count}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        className="block w-full rounded-md border border-zinc-300 bg-white p-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
      {mentions.items.length > 0 && (
        <div className="rounded-md border border-zinc-300 bg-white text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
          <p id={ids.list} className="px-2 pt-1 text-xs text-zinc-700 dark:text-zinc-300">
            {t("suggestions")}
          </p>
          <ul aria-labelledby={ids.list} data-testid="mention-suggestions">
            {mentions.items.map((u, i) => (
              <li key={u.email}>
                <button
                  type="button"
                  tabIndex={-1}
                  aria-current={i === mentions.active ? "true" : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(i)}
                  className={`block w-full px-2 py-1 text-left ${i === mentions.active ? "bg-blue-100 dark:bg-blue-900" : ""}`}
                >
                  {u.name} <span className="text-zinc-700 dark:text-zinc-300">{u.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={ids.count} className={`text-xs ${length > COMMENT_MAX ? "font-semibold text-red-800 dark:text-red-300" : "text-zinc-700 dark:text-zinc-300"}`}>
          {t("count", { n: length, max: COMMENT_MAX })}
        </span>
        <Button type="submit" variant="primary" size="sm" disabled={send.isPending || length === 0 || length > COMMENT_MAX}>
          {send.isPending ? t("sending") : t("send")}
        </Button>
      </div>
      <div aria-live="polite">
        {/* Nothing is cut: a pasted text stays whole, and the box says why it cannot be sent yet. */}
        {length > COMMENT_MAX && (
          <p data-testid="comment-too-long" className="text-sm text-red-800 dark:text-red-300">
            {t("tooLong", { max: COMMENT_MAX, over: length - COMMENT_MAX })}
          </p>
        )}
        {send.isError && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {t("failed", { message: send.error.message })}
          </p>
        )}
      </div>
    </form>
  );
}
