"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useMounted } from "@/components/ui/use-mounted";
import { UNDO_WINDOW_MS, useUndoWindow } from "@/lib/keyboard/use-undo-window";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { sharedViewKey, visitorDecide } from "@/lib/queries/share";
import type { SharedPost, VisitorDecisionBody } from "@/lib/schemas/share";

const REASON_MAX = 500;

/**
 * Approve (pinned to the version on screen) or reject with a reason. Like every
 * decision in the dashboard it waits out a 5 s undo window first (the visitor's
 * own, in this browser: nothing is sent meanwhile; leaving the page sends it).
 * The answer is said as it came: the service's own message on success, the
 * error (a changed text, a post decided meanwhile, an expired link) otherwise.
 * A text over a platform's limit is refused until the visitor confirms it
 * (409 confirmation_required): the refusal says which limit and offers that.
 */
export function VisitorDecision({ token, post, name, onDecided }: { token: string; post: SharedPost; name: string; onDecided: (message: string) => void }) {
  const t = useTranslations("share.decision");
  const client = useQueryClient();
  const reasonId = useId();
  const hintId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const trimmed = name.trim();
  const version = post.version;
  // Disabled until hydrated: a tap on the server's HTML before React listens is lost (see useMounted).
  const hydrated = useMounted();

  const mutation = useMutation({
    mutationFn: (body: VisitorDecisionBody) => visitorDecide(token, post.task_id, body),
    onSuccess: (answer) => {
      const said = answer.data ? `${t("done", { id: post.task_id })} ${answer.data.message}` : "";
      onDecided(answer.audit_recorded ? said : `${said} ${t("notRecorded")}`);
    },
    // Whatever happened, the post and the list are read again: its status (or text) has moved.
    onSettled: () => client.invalidateQueries({ queryKey: sharedViewKey(token) }),
  });

  const undoWindow = useUndoWindow<VisitorDecisionBody>((body, { keepalive }) => {
    if (!keepalive) return mutation.mutate(body);
    // Leaving the page sends it (the visitor decided on purpose); the browser finishes the request.
    void visitorDecide(token, post.task_id, body, { keepalive: true }).catch(() => undefined);
  });
  const [undone, setUndone] = useState(false);
  const key = `visitor:${post.task_id}`;
  const waiting = undoWindow.pending[0];

  if (version === null) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noVersion")}</p>;
  const send = (body: VisitorDecisionBody) => {
    mutation.reset();
    setUndone(false);
    undoWindow.schedule(key, body);
  };
  const busy = mutation.isPending || waiting !== undefined;
  const blocked = !hydrated || trimmed.length === 0 || busy;
  const error = mutation.error instanceof ApiClientError ? mutation.error : null;

  return (
    <section aria-labelledby={`${hintId}-title`} className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <h3 id={`${hintId}-title`} className="text-base font-semibold">
        {t("title")}
      </h3>
      <p id={hintId} className="mt-1 text-sm text-zinc-800 dark:text-zinc-200">
        {trimmed.length === 0 ? t("needName") : t("pinned", { version })}
      </p>
      {!rejecting ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="success" disabled={blocked} aria-describedby={hintId} onClick={() => send({ action: "approve", name: trimmed, version })}>
            {t("approve")}
          </Button>
          <Button variant="danger" disabled={blocked} aria-describedby={hintId} onClick={() => setRejecting(true)}>
            {t("reject")}
          </Button>
        </div>
      ) : (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) send({ action: "reject", name: trimmed, version, reason: reason.trim() });
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium">
            {t("reasonLabel")}
          </label>
          <textarea
            id={reasonId}
            required
            maxLength={REASON_MAX}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="w-full rounded-md border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={blocked || reason.trim().length === 0}>
              {t("confirmReject")}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setRejecting(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
      <div aria-live="polite" className="mt-2 text-sm">
        {waiting && (
          <p className="flex flex-wrap items-center gap-2" data-visitor-undo={waiting.item.action}>
            <Seconds dueAt={waiting.dueAt} render={(seconds) => t(waiting.item.action === "approve" ? "waitingApprove" : "waitingReject", { id: post.task_id, seconds })} />
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                if (undoWindow.undo(key)) setUndone(true);
              }}
            >
              {t("undo")}
            </Button>
          </p>
        )}
        {undone && !waiting && <p data-visitor-undone>{t("undone")}</p>}
        {mutation.isPending && <p>{t("sending")}</p>}
        {mutation.isError && (
          <p role="alert" data-share-error={error?.code} className="text-red-800 dark:text-red-300">
            {mutation.error.message}
          </p>
        )}
        {error?.code === "confirmation_required" && !busy && (
          <Button size="sm" variant="success" className="mt-2" disabled={trimmed.length === 0} onClick={() => send({ action: "approve", name: trimmed, version, confirmed: true })}>
            {t("approveDespite")}
          </Button>
        )}
      </div>
    </section>
  );
}

/** The seconds left of the undo window, ticking. */
function Seconds({ dueAt, render }: { dueAt: number; render: (seconds: number) => string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <span>{render(Math.min(UNDO_WINDOW_MS / 1000, Math.max(0, Math.ceil((dueAt - now) / 1000))))}</span>;
}
