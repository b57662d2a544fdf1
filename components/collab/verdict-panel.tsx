"use client";

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { usePostDecidable } from "@/components/post/decidable-only";
import { DateTime } from "@/components/post/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useMounted } from "@/components/ui/use-mounted";
import { labelOr } from "@/i18n/keys";
import { cn } from "@/lib/cn";
import { giveVerdict, verdictsKey, verdictsQuery } from "@/lib/queries/collab";
import type { VerdictView } from "@/lib/schemas/collab";
import { RouteList } from "./policy/route-list";

/**
 * Reviewer verdicts on the active version, and (for reviewers, editors and
 * admins) the two buttons to give one. A verdict given by someone else while
 * the page is open is announced in a live region ("Борис просит правки…").
 */
export function VerdictPanel({ id, me, canGive }: { id: number; me: string; canGive: boolean }) {
  const t = useTranslations("collab.verdicts");
  const queryClient = useQueryClient();
  const data = useSuspenseQuery(verdictsQuery(id)).data;
  // No verdict on a post that can no longer be decided (rejected, published, canceled).
  const decidable = usePostDecidable(id);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const noteId = useId();
  const announced = useAnnouncement(data.current, me);
  // Disabled until hydrated: a tap on the server's HTML before React listens is lost (see useMounted).
  const hydrated = useMounted();

  const send = useMutation({
    mutationFn: (body: { verdict: "ok" | "changes"; note?: string }) => giveVerdict(id, { ...body, version: data.active_version ?? 0 }),
    onSuccess: () => {
      setAsking(false);
      setNote("");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: verdictsKey(id) }),
  });

  const changes = data.current.some((v) => v.verdict === "changes");
  return (
    <div className="space-y-3 text-sm">
      <RouteList route={data.route} />
      {data.signed_off && <Badge tone="success">✓ {t("signedOff")}</Badge>}
      {changes && <Badge tone="warning">✎ {t("changesRequested")}</Badge>}
      {data.current.length === 0 ? <p className="text-zinc-700 dark:text-zinc-300">{t("none")}</p> : <VerdictList items={data.current} />}
      <div aria-live="polite" className="empty:hidden">
        {announced && <p className="rounded-md border border-blue-300 bg-blue-50 p-2 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100">{announced}</p>}
      </div>
      {canGive && decidable && data.active_version !== null && (
        <div className="space-y-2">
          {!asking ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="success" disabled={!hydrated || send.isPending} onClick={() => send.mutate({ verdict: "ok" })}>
                <span aria-hidden="true">✓</span>
                {t("giveOk")}
              </Button>
              <Button size="sm" variant="secondary" disabled={!hydrated || send.isPending} onClick={() => setAsking(true)}>
                <span aria-hidden="true">✎</span>
                {t("askChanges")}
              </Button>
            </div>
          ) : (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (note.trim()) send.mutate({ verdict: "changes", note: note.trim() });
              }}
            >
              <label htmlFor={noteId} className="block font-medium">
                {t("noteLabel")}
              </label>
              <textarea
                id={noteId}
                value={note}
                rows={3}
                maxLength={1000}
                required
                placeholder={t("notePlaceholder")}
                onChange={(e) => setNote(e.target.value)}
                className="block w-full rounded-md border border-zinc-300 bg-white p-2 dark:border-zinc-700 dark:bg-zinc-900"
              />
              <div className="flex gap-2">
                <Button type="submit" size="sm" variant="primary" disabled={send.isPending || note.trim() === ""}>
                  {send.isPending ? t("sending") : t("send")}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
                  {t("cancel")}
                </Button>
              </div>
            </form>
          )}
          {send.isError && (
            <p role="alert" className="text-red-800 dark:text-red-300">
              {t("failed", { message: send.error.message })}
            </p>
          )}
        </div>
      )}
      {data.earlier.length > 0 && (
        <details>
          <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">{t("earlier")}</summary>
          <div className="mt-2 opacity-80">
            <VerdictList items={data.earlier} />
          </div>
        </details>
      )}
    </div>
  );
}

function VerdictList({ items }: { items: VerdictView[] }) {
  const t = useTranslations("collab.verdicts");
  const tc = useTranslations("common");
  return (
    <ul className="space-y-2">
      {items.map((v) => (
        <li key={v.id} data-verdict={v.verdict} data-not-counted={v.not_counted ?? undefined} className="border-l-2 border-zinc-300 pl-3 dark:border-zinc-700">
          {/* An "ok" that no longer counts stays readable, struck through, with why beside it. */}
          <div className={cn(v.not_counted && "text-zinc-600 line-through decoration-2 dark:text-zinc-400")}>
            <p className="font-medium">
              <span aria-hidden="true">{v.verdict === "ok" ? "✓ " : "✎ "}</span>
              {v.verdict === "ok" ? t("ok") : t("changes")}
              <span className="font-normal text-zinc-700 dark:text-zinc-300"> · {t("onVersion", { n: v.version })}</span>
            </p>
            <p>
              {v.reviewer_name} <span className="text-zinc-700 dark:text-zinc-300">({labelOr(tc, "roles", v.reviewer_role)})</span>
              {" · "}
              <DateTime value={v.at} />
            </p>
          </div>
          {v.not_counted && (
            <p className="text-amber-900 dark:text-amber-200">
              {t("notCounted.label")} {t(`notCounted.${v.not_counted}`, { name: v.reviewer_name, role: labelOr(tc, "roles", v.reviewer_role) })}
            </p>
          )}
          {v.note && <p className="break-words whitespace-pre-wrap">{v.note}</p>}
        </li>
      ))}
    </ul>
  );
}

/** The newest verdict by someone else that arrived after the page opened, as a sentence (else null). */
function useAnnouncement(current: VerdictView[], me: string): string | null {
  const t = useTranslations("collab.verdicts");
  const known = useRef<Set<number> | null>(null);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (known.current === null) {
      known.current = new Set(current.map((v) => v.id));
      return;
    }
    const fresh = current.filter((v) => !known.current!.has(v.id) && v.reviewer_email !== me);
    for (const v of current) known.current.add(v.id);
    const last = fresh.at(-1);
    if (last) setText(last.verdict === "changes" ? t("liveChanges", { name: last.reviewer_name, n: last.version }) : t("liveOk", { name: last.reviewer_name, n: last.version }));
  }, [current, me, t]);
  return text;
}
