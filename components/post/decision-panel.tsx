"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { SignoffGate } from "@/components/collab/signoff-notice";
import type { Deferred } from "@/components/triage/deferred";
import { useUndoToast } from "@/components/triage/undo-toast";
import { Button } from "@/components/ui/button";
import { NoteList } from "@/components/ui/note-list";
import { ErrorState } from "@/components/ui/query-states";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { approvePost, postKey, rejectPost, rejectReasonsKey, rejectReasonsOptions, type DecisionResponse } from "@/lib/queries/posts";
import { usePostReadable } from "@/lib/queries/post-readable";
import { useUndoWindow } from "@/lib/keyboard/use-undo-window";
import { DecisionNotes, useDecisionOffer, usable } from "./decision-offer";
import { useDecisionNotes } from "./decision-notes";
import { APPROVAL_RESULTS, useEnumLabel } from "./labels";
import { NextWaitingPost } from "./next-waiting";
import { FlaggedConfirm, useApproveProblems, useConfirmedNote } from "./flagged-approve";
import { RejectDialog } from "./reject-dialog";
import { RejectedNote, useDashboardReject } from "./rejected-state";
import { PostStatusBadge } from "./status-badge";
import { usePost } from "./use-post";
import { isVersionChanged, VersionChangedNotice, type VersionChange } from "./version-changed";

/** Every decision names the version it is about (undefined only for a post with no active version). */
type Decision = { action: "approve"; version?: number; note?: string } | { action: "reject"; reason: string; category?: string; version?: number };
/** What a reject's dialog is for: the version it pins, and what it starts with when sent again on a new version. */
type Rejecting = { version?: number; initial?: { reason: string; category?: string } };

/**
 * Approve and reject, for the roles that may decide (the server checks again).
 * The outcome shown is the upstream's: its result (translated when known) and
 * its Russian message; an error is an error, never a success. Either way the
 * post and its decision history are refetched.
 *
 * Only the decisions the post's status allows are offered (lib/posts/transitions.ts),
 * with a line saying why the others are not; while the post cannot be read
 * (its query failing, or retrying after a failure) they are disabled.
 *
 * Every decision carries the active version shown here. When the server says
 * the text changed meanwhile (409 version_changed), the panel shows what
 * changed and offers to decide on the new text, which then pins that version.
 */
export function DecisionPanel({ id }: { id: number }) {
  const t = useTranslations("review.decision");
  const resultLabel = useEnumLabel("decision.result", APPROVAL_RESULTS);
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [changed, setChanged] = useState<VersionChange | null>(null);
  // A reject refused for a changed version: its reason and category, offered again for the new text.
  const [rejected, setRejected] = useState<Rejecting["initial"]>(undefined);
  const notesOf = useDecisionNotes();
  const post = usePost(id).data.data;
  const { status, campaign_id: campaignId } = post;
  const shownVersion = post.versions.find((v) => v.is_active)?.version_number;
  const readable = usePostReadable(id);
  const offer = useDecisionOffer()(status, readable);
  // Rejected here: who, when and why, in place of "canceled, no decision needed" (kept for posts canceled elsewhere).
  const rejectedBy = useDashboardReject(id, status);

  const mutation = useMutation<DecisionResponse, Error, Decision>({
    mutationFn: (d) =>
      d.action === "approve"
        ? approvePost(id, { version: d.version, ...(d.note ? { note: d.note } : {}) })
        : rejectPost(id, { reason: d.reason, category: d.category, version: d.version }),
    onMutate: () => setChanged(null),
    // A reject that failed keeps its dialog open, with the reason and the error in it.
    onSuccess: () => {
      setRejecting(null);
      setRejected(undefined);
    },
    onError: (e) => setChanged(isVersionChanged(e)),
    onSettled: (_data, _error, d) => {
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKey(id) }),
        queryClient.invalidateQueries({ queryKey: postDecisionsKey(id) }),
        d.action === "reject" ? queryClient.invalidateQueries({ queryKey: rejectReasonsKey(campaignId) }) : undefined,
      ]);
    },
  });

  // Approve waits out the same 5 s undo window as the queue's and inbox's (one toast, Undo), pinned to
  // the version shown; leaving the page sends it (keepalive), as there.
  const sendApproval = useCallback(
    (d: Deferred, { keepalive }: { keepalive: boolean }) => {
      if (d.kind !== "approve") return;
      const version = d.version === null ? undefined : d.version;
      const note = d.note;
      if (!keepalive) return mutation.mutate({ action: "approve", version, note });
      void fetch(`/api/posts/${d.id}/approve`, {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ source: "single", ...(note ? { note } : {}), ...(version === undefined ? {} : { version }) }),
      }).catch(() => undefined);
    },
    [mutation],
  );
  const undoWindow = useUndoWindow<Deferred>(sendApproval);
  useUndoToast(undoWindow.pending, (key) => void undoWindow.undo(key));
  const waiting = undoWindow.pending.length > 0;
  const approve = (version: number | undefined, note?: string) => {
    mutation.reset();
    undoWindow.schedule(`approve:${id}`, { kind: "approve", id, version: version ?? null, ...(note ? { note } : {}) });
  };
  // A flagged post (over a platform limit) is not approved with one tap: the button names the
  // problem, a second step confirms, and the confirmation goes to the audit log as the approve's note.
  const problems = useApproveProblems(id);
  const confirmedNote = useConfirmedNote();
  const [confirming, setConfirming] = useState(false);
  const tf = useTranslations("review.decision.flagged");

  // Categories and the campaign's usual reasons (our database only, no upstream request) are there when the dialog opens.
  const prefetchReasons = () => void queryClient.prefetchQuery(rejectReasonsOptions(campaignId));

  const sendReject = async (pin: Rejecting, reason: string, category: string | undefined) => {
    try {
      await mutation.mutateAsync({ action: "reject", reason, category, version: pin.version });
    } catch (e) {
      const change = isVersionChanged(e);
      if (!change) throw e;
      // Not a failure of the reason: the dialog gives way to the diff, and what was typed is kept for the new text.
      setRejecting(null);
      setRejected({ reason, category });
    }
  };

  return (
    <div className="space-y-3">
      {!changed && (offer.approve || offer.reject) && (
        <div className="flex flex-wrap gap-2">
          {offer.approve && (
            // A policy step still waits for a sign-off: Approve stays but disabled; the notice above says why and who.
            <SignoffGate id={id}>
              {(signoffPending) => (
                <Button
                  variant="success"
                  disabled={mutation.isPending || waiting || !usable(offer, "approve") || signoffPending}
                  aria-describedby={signoffPending ? `signoff-missing-${id}` : undefined}
                  data-signoff-pending={signoffPending || undefined}
                  onClick={() => (problems.length > 0 ? setConfirming(true) : approve(shownVersion))}
                  data-flagged={problems.length > 0 || undefined}
                  aria-expanded={problems.length > 0 ? confirming : undefined}
                >
                  <span aria-hidden="true">{problems.length > 0 ? "⚠" : "✓"}</span>
                  {problems.length === 0
                    ? t("approve")
                    : problems.length === 1
                      ? tf("button", { problem: problems[0] ?? "" })
                      : tf("buttonMore", { problem: problems[0] ?? "", count: problems.length - 1 })}
                </Button>
              )}
            </SignoffGate>
          )}
          {offer.reject && (
            <Button
              variant="danger"
              disabled={mutation.isPending || waiting || !usable(offer, "reject")}
              onClick={() => setRejecting({ version: shownVersion })}
              onPointerEnter={prefetchReasons}
              onFocus={prefetchReasons}
            >
              <span aria-hidden="true">✕</span>
              {t("reject")}
            </Button>
          )}
        </div>
      )}
      {confirming && problems.length > 0 && !waiting && (
        <FlaggedConfirm
          problems={problems}
          onConfirm={() => {
            setConfirming(false);
            approve(shownVersion, confirmedNote(problems));
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
      {rejectedBy && !mutation.isSuccess ? <RejectedNote item={rejectedBy} /> : <DecisionNotes notes={offer.notes} />}
      <div aria-live="polite">
        {mutation.isPending && <p className="text-sm">{t("sending")}</p>}
        {mutation.isSuccess && (
          <div
            data-decision-result={mutation.data.data.result}
            className="space-y-1 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
          >
            <p className="font-semibold">
              <span aria-hidden="true">✓ </span>
              {resultLabel(mutation.data.data.result)}
            </p>
            <p>{mutation.data.data.message}</p>
            <p className="flex items-center gap-1">
              {t("newStatus")}: <PostStatusBadge status={mutation.data.data.status} />
            </p>
            <Notes notes={notesOf(mutation.data)} />
          </div>
        )}
        {/* The way on: the next post waiting in the inbox's order (and `n`). */}
        {mutation.isSuccess && <NextWaitingPost id={id} />}
      </div>
      {changed ? (
        <VersionChangedNotice
          taskId={id}
          seenVersion={changed.seen}
          currentVersion={changed.current}
          onDecide={(action, version) =>
            action === "approve" ? approve(version) : setRejecting({ version, initial: rejected })
          }
          onCancel={() => {
            setChanged(null);
            setRejected(undefined);
            mutation.reset();
          }}
        />
      ) : (
        mutation.isError &&
        !rejecting && (
          <div data-decision-error>
            <p className="mb-1 text-sm font-semibold">{t("failed")}</p>
            <ErrorState error={mutation.error} />
            <Notes notes={notesOf(mutation.error)} />
          </div>
        )
      )}
      <RejectDialog
        open={rejecting !== null}
        taskIds={[id]}
        campaignId={campaignId}
        initial={rejecting?.initial}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason, category) => sendReject(rejecting ?? {}, reason, category)}
      />
    </div>
  );
}

/** Who decided before, and an unrecorded decision: said beside the outcome, never instead of it. */
function Notes({ notes }: { notes: string[] }) {
  return <NoteList notes={notes} data-decision-notes className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-200" />;
}
