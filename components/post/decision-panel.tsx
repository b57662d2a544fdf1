"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { SignoffGate } from "@/components/collab/signoff-notice";
import { useIsAdmin } from "@/components/shell/viewer-role";
import type { Deferred, SingleDecision } from "@/components/triage/deferred";
import { useDecisionWindow } from "@/components/triage/undo-toast";
import { isConfirmationRequired, isRuleRefusal, useSendDecision } from "@/components/triage/use-decisions";
import { Button } from "@/components/ui/button";
import { NoteList } from "@/components/ui/note-list";
import { useMounted } from "@/components/ui/use-mounted";
import { ErrorState } from "@/components/ui/query-states";
import { notify } from "@/components/ui/toaster";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { postKey, rejectReasonsKey, rejectReasonsOptions, type DecisionResponse } from "@/lib/queries/posts";
import { usePostReadable } from "@/lib/queries/post-readable";
import { DecisionNotes, useDecisionOffer, usable } from "./decision-offer";
import { useDecisionNotes } from "./decision-notes";
import { APPROVAL_RESULTS, useEnumLabel } from "./labels";
import { NextWaitingPost } from "./next-waiting";
import { BlockedNote, FlaggedConfirm, useApproveButton, useApproveProblems, type Confirmed } from "./flagged-approve";
import { RejectDialog } from "./reject-dialog";
import { RejectedNote, useDashboardReject } from "./rejected-state";
import { PostStatusBadge } from "./status-badge";
import { usePost } from "./use-post";
import { isVersionChanged, type VersionChange } from "./version-change";
import { NewVersionNotice, useSeenVersion } from "./new-version-notice";

// The notice of a changed text (and its diff) loads when a decision is refused for it, not with the page.
const VersionChangedNotice = dynamic(() => import("./version-changed").then((m) => m.VersionChangedNotice));

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
  // A flagged post's approve waits for its confirmation here.
  const [confirming, setConfirming] = useState(false);
  const notesOf = useDecisionNotes();
  const post = usePost(id).data.data;
  const { status, campaign_id: campaignId } = post;
  // The version decisions pin: the one the person read; a newer one arriving is announced first.
  const seen = useSeenVersion(post.versions.find((v) => v.is_active)?.version_number);
  const shownVersion = seen.pinned;
  const readable = usePostReadable(id);
  const offer = useDecisionOffer()(status, readable);
  // Rejected here: who, when and why, in place of "canceled, no decision needed" (kept for posts canceled elsewhere).
  const rejectedBy = useDashboardReject(id, status);

  // The one decision flow (components/triage/undo-toast.tsx): approve and reject wait out the same
  // 5 s undo window as every other path, with the post's own toast, pinned to the version shown;
  // then useSendDecision sends and says the outcome in that toast. Leaving the page sends it (keepalive).
  const sendDecision = useSendDecision(notify);
  const mutation = useMutation<DecisionResponse, Error, SingleDecision>({
    mutationFn: async (d) => {
      const outcome = await sendDecision(d);
      if (outcome.kind === "sent") return outcome.response;
      throw outcome.error;
    },
    onMutate: () => setChanged(null),
    onSuccess: () => setRejected(undefined),
    onError: (e, d) => {
      const change = isVersionChanged(e);
      setChanged(change);
      // Over a limit the page had not flagged when clicked: the confirmation is asked for now.
      if (isConfirmationRequired(e)) setConfirming(true);
      // A reject that did not go through keeps what was typed, offered again (on the new text when it changed).
      if (d.kind === "reject") setRejected(d.input);
    },
    onSettled: (_data, _error, d) => {
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKey(id) }),
        queryClient.invalidateQueries({ queryKey: postDecisionsKey(id) }),
        d.kind === "reject" ? queryClient.invalidateQueries({ queryKey: rejectReasonsKey(campaignId) }) : undefined,
      ]);
    },
  });
  const send = useCallback(
    (d: Deferred, { keepalive }: { keepalive: boolean }) => {
      if (d.kind === "bulk") return;
      if (keepalive) void sendDecision(d, { keepalive });
      else mutation.mutate(d);
    },
    [mutation, sendDecision],
  );
  const undoWindow = useDecisionWindow(send);
  const waiting = undoWindow.pending.length > 0;
  const schedule = (d: SingleDecision) => {
    mutation.reset();
    setChanged(null);
    undoWindow.schedule(d);
  };
  const approve = (version: number | undefined, confirmed?: Confirmed) =>
    schedule({ kind: "approve", id, version: version ?? null, source: "single", ...(confirmed?.note ? { note: confirmed.note } : {}), ...(confirmed ? { confirmed: true } : {}), ...(confirmed?.override ? { override: confirmed.override } : {}) });
  // A flagged post is not approved with one tap: the button names the problem, a second step
  // confirms (an admin lifting the checks' block gives a reason), and the confirmation goes to the
  // audit log as the approve's note. Without the admin role a blocked post says why it cannot be approved.
  const flags = useApproveProblems(id);
  const admin = useIsAdmin();
  const button = useApproveButton()(flags, admin, t("approve"));
  // Disabled in the server's HTML and until hydrated: a tap before React listens would do nothing.
  const hydrated = useMounted();

  // Categories and the campaign's usual reasons (our database only, no upstream request) are there when the dialog opens.
  // A read-ahead nobody waits on does not retry: its failure would raise the page's outage banner.
  const prefetchReasons = () => void queryClient.prefetchQuery({ ...rejectReasonsOptions(campaignId), retry: false });

  // The dialog closes once the reject is waiting out its undo window; what was typed comes back if it fails.
  const sendReject = async (pin: Rejecting, reason: string, category: string | undefined) => {
    setRejecting(null);
    schedule({ kind: "reject", id, version: pin.version ?? null, source: "single", input: { reason, ...(category ? { category } : {}) } });
  };

  return (
    <div className="space-y-3">
      {seen.arrived !== undefined && !changed && <NewVersionNotice version={seen.arrived} onLook={seen.look} />}
      {!changed && (offer.approve || offer.reject) && (
        <div className="flex flex-wrap gap-2">
          {offer.approve && (
            // A policy step still waits for a sign-off: Approve stays but disabled; the notice above says why and who.
            <SignoffGate id={id}>
              {(signoffPending) => (
                <Button
                  variant="success"
                  disabled={!hydrated || mutation.isPending || waiting || !usable(offer, "approve") || signoffPending || button.mode === "blocked"}
                  aria-describedby={signoffPending ? `signoff-missing-${id}` : undefined}
                  data-signoff-pending={signoffPending || undefined}
                  onClick={() => (button.mode === "plain" ? approve(shownVersion) : setConfirming(true))}
                  data-flagged={button.mode === "plain" ? undefined : button.mode}
                  aria-expanded={button.mode === "confirm" || button.mode === "override" ? confirming : undefined}
                >
                  <span aria-hidden="true">{button.icon}</span>
                  {button.label}
                </Button>
              )}
            </SignoffGate>
          )}
          {offer.reject && (
            <Button
              variant="danger"
              disabled={!hydrated || mutation.isPending || waiting || !usable(offer, "reject")}
              onClick={() => setRejecting({ version: shownVersion, initial: rejected })}
              onPointerEnter={prefetchReasons}
              onFocus={prefetchReasons}
            >
              <span aria-hidden="true">✕</span>
              {t("reject")}
            </Button>
          )}
        </div>
      )}
      {confirming && (button.mode === "confirm" || button.mode === "override") && !waiting && (
        <FlaggedConfirm
          flags={flags}
          autoFocus
          onConfirm={(confirmed) => {
            setConfirming(false);
            approve(shownVersion, confirmed);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
      {offer.approve && button.mode === "blocked" && <BlockedNote flags={flags} />}
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
      ) : mutation.isError && isRuleRefusal(mutation.error) ? (
        // The checks found a blocking issue, or a limit needs confirming, the page had not shown yet: said as a reason, not as a failure.
        <p role="note" data-decision-blocked className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {mutation.error.message}
        </p>
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
