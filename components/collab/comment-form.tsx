"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { commentsKey, postComment } from "@/lib/queries/collab";
import { COMMENT_MAX } from "@/lib/schemas/limits";
import { useMentions } from "./use-mentions";

/**
 * The new-comment box: plain text, 1–2,000 characters, with @mention
 * suggestions as you type (arrows choose, Enter or Tab inserts, Escape
 * closes). A failed send keeps the text and says why.
 */
export function CommentForm({ taskId, version }: { taskId: number; version: number | null }) {
  const t = useTranslations("collab.comments");
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const ids = { field: useId(), list: useId(), count: useId() };
  const mentions = useMentions(text, caret);

  const send = useMutation({
    mutationFn: () => postComment(taskId, text, version),
    onSuccess: () => {
      setText("");
      setCaret(0);
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
        {t("label")}
      </label>
      <textarea
        id={ids.field}
        ref={area}
        value={text}
        rows={3}
        maxLength={COMMENT_MAX + 200}
        placeholder={t("placeholder")}
        aria-describedby={ids.count}
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
        {send.isError && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {t("failed", { message: send.error.message })}
          </p>
        )}
      </div>
    </form>
  );
}
