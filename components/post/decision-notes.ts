"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useCallback } from "react";
import { ApiClientError } from "@/lib/queries/fetch-json";
import type { DecisionExtras, PreviousDecision } from "@/lib/queries/posts";

function isPrevious(v: unknown): v is PreviousDecision {
  const p = v as Partial<PreviousDecision> | null;
  return !!p && typeof p.by === "string" && typeof p.email === "string" && typeof p.at === "string" && (p.action === "approve" || p.action === "reject");
}

const version = (v: unknown) => v === null || typeof v === "number";
function isWrongVersion(v: unknown): v is { signed: number | null; approved: number | null } {
  const w = v as { signed?: unknown; approved?: unknown } | null;
  return !!w && typeof w === "object" && version(w.signed) && version(w.approved);
}

/** The extras of a decision's answer, whether it succeeded or came back as an error envelope. */
export function decisionExtras(outcome: DecisionExtras | unknown): Partial<DecisionExtras> {
  const raw = outcome instanceof ApiClientError ? outcome.extras : (outcome as Record<string, unknown> | null);
  if (!raw || typeof raw !== "object") return {};
  return {
    audit_recorded: raw.audit_recorded === false ? false : undefined,
    previous_decision: isPrevious(raw.previous_decision) ? raw.previous_decision : undefined,
    wrong_version: isWrongVersion(raw.wrong_version) ? raw.wrong_version : undefined,
  };
}

/**
 * The sentences that go with a decision's outcome, in the interface's
 * language: who decided the post before (the person must not believe theirs
 * was the only word), and that the decision stands but is not in the audit log.
 * Used by the post page's panel and the queue's notices alike.
 */
export function useDecisionNotes(): (outcome: DecisionExtras | unknown) => string[] {
  const t = useTranslations("review.decision.notes");
  const ta = useTranslations("review.decision.action");
  const format = useFormatter();
  return useCallback(
    (outcome) => {
      const extras = decisionExtras(outcome);
      const notes: string[] = [];
      const p = extras.previous_decision;
      if (p) notes.push(t("previous", { by: p.by, email: p.email, action: ta(p.action), at: format.dateTime(new Date(p.at), { dateStyle: "short", timeStyle: "short" }) }));
      if (extras.audit_recorded === false) notes.push(t("notRecorded"));
      // The service approved another version than the one signed off: the post page offers the reject.
      const w = extras.wrong_version;
      if (w) notes.push(t("wrongVersion", { signed: w.signed ?? "—", approved: w.approved ?? "—" }));
      return notes;
    },
    [t, ta, format],
  );
}
