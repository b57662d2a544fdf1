"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { NoteList } from "@/components/ui/note-list";
import { ErrorState } from "@/components/ui/query-states";
import { postDecisionsKey } from "@/lib/queries/decisions";
import { approvePost, postKey, rejectPost, type DecisionResponse } from "@/lib/queries/posts";
import { usePostReadable } from "@/lib/queries/post-readable";
import { DecisionNotes, useDecisionOffer, usable } from "./decision-offer";
import { useDecisionNotes } from "./decision-notes";
import { APPROVAL_RESULTS, useEnumLabel } from "./labels";
import { RejectDialog } from "./reject-dialog";
import { PostStatusBadge } from "./status-badge";
import { usePost } from "./use-post";

type Decision = { action: "approve" } | { action: "reject"; reason: string };

/**
 * Approve and reject, for the roles that may decide (the server checks again).
 * The outcome shown is the upstream's: its result (translated when known) and
 * its Russian message; an error is an error, never a success. Either way the
 * post and its decision history are refetched.
 *
 * Only the decisions the post's status allows are offered (lib/posts/transitions.ts),
 * with a line saying why the others are not; while the post cannot be read
 * (its query failing, or retrying after a failure) they are disabled.
 */
export function DecisionPanel({ id }: { id: number }) {
  const t = useTranslations("review.decision");
  const resultLabel = useEnumLabel("decision.result", APPROVAL_RESULTS);
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const notesOf = useDecisionNotes();
  const status = usePost(id).data.data.status;
  const readable = usePostReadable(id);
  const offer = useDecisionOffer()(status, readable);

  const mutation = useMutation<DecisionResponse, Error, Decision>({
    mutationFn: (d) => (d.action === "approve" ? approvePost(id) : rejectPost(id, { reason: d.reason })),
    // A reject that failed keeps its dialog open, with the reason and the error in it.
    onSuccess: () => setRejecting(false),
    onSettled: () => {
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKey(id) }),
        queryClient.invalidateQueries({ queryKey: postDecisionsKey(id) }),
      ]);
    },
  });

  return (
    <div className="space-y-3">
      {(offer.approve || offer.reject) && (
        <div className="flex flex-wrap gap-2">
          {offer.approve && (
            <Button variant="success" disabled={mutation.isPending || !usable(offer, "approve")} onClick={() => mutation.mutate({ action: "approve" })}>
              <span aria-hidden="true">✓</span>
              {t("approve")}
            </Button>
          )}
          {offer.reject && (
            <Button variant="danger" disabled={mutation.isPending || !usable(offer, "reject")} onClick={() => setRejecting(true)}>
              <span aria-hidden="true">✕</span>
              {t("reject")}
            </Button>
          )}
        </div>
      )}
      <DecisionNotes notes={offer.notes} />
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
      </div>
      {mutation.isError && !rejecting && (
        <div data-decision-error>
          <p className="mb-1 text-sm font-semibold">{t("failed")}</p>
          <ErrorState error={mutation.error} />
          <Notes notes={notesOf(mutation.error)} />
        </div>
      )}
      <RejectDialog open={rejecting} taskIds={[id]} onCancel={() => setRejecting(false)} onSubmit={(reason) => mutation.mutateAsync({ action: "reject", reason })} />
    </div>
  );
}

/** Who decided before, and an unrecorded decision: said beside the outcome, never instead of it. */
function Notes({ notes }: { notes: string[] }) {
  return <NoteList notes={notes} data-decision-notes className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-200" />;
}
