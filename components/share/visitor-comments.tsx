"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { DateTime } from "@/components/post/date-time";
import { Button } from "@/components/ui/button";
import { sharedPostKey, visitorComment } from "@/lib/queries/share";
import type { SharedPost } from "@/lib/schemas/share";

const BODY_MAX = 2000;

/** The comments written through this link, and a form to add one (the team's own thread stays inside the dashboard). */
export function VisitorComments({ token, post, name }: { token: string; post: SharedPost; name: string }) {
  const t = useTranslations("share.comments");
  const client = useQueryClient();
  const fieldId = useId();
  const [body, setBody] = useState("");
  const trimmed = name.trim();
  const mutation = useMutation({
    mutationFn: () => visitorComment(token, post.task_id, { name: trimmed, body: body.trim(), ...(post.version !== null ? { version: post.version } : {}) }),
    onSuccess: async () => {
      setBody("");
      await client.invalidateQueries({ queryKey: sharedPostKey(token, post.task_id) });
    },
  });

  return (
    <div className="space-y-3">
      {post.comments.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("none")}</p>
      ) : (
        <ul className="space-y-2">
          {post.comments.map((c) => (
            <li key={c.id} className="rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-800" data-shared-comment>
              <p className="text-xs text-zinc-700 dark:text-zinc-300">
                <span className="font-medium">{c.author}</span> · <DateTime value={c.at} />
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed && body.trim()) mutation.mutate();
        }}
      >
        <label htmlFor={fieldId} className="block text-sm font-medium">
          {t("label")}
        </label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={`${fieldId}-hint`}
          className="w-full rounded-md border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <p id={`${fieldId}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
          {trimmed ? t("hint") : t("needName")}
        </p>
        <Button type="submit" disabled={!trimmed || !body.trim() || mutation.isPending}>
          {t("send")}
        </Button>
        {mutation.isError && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {mutation.error.message}
          </p>
        )}
      </form>
    </div>
  );
}
