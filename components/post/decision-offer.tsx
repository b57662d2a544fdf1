"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { decisionAvailability, type DecisionAction, type UnavailableReason } from "@/lib/posts/transitions";

/**
 * What the decision buttons of one post show: which of approve and reject are
 * offered (its status allows them, lib/posts/transitions.ts), whether they
 * are usable now (the post can be read: not while its query is failing or
 * retrying after a failure), and, in one short line each, why anything is
 * missing or disabled.
 */
export type DecisionOffer = {
  approve: boolean;
  reject: boolean;
  /** The post cannot be read right now: offered buttons stay visible but disabled. */
  disabled: boolean;
  notes: string[];
};

/** The line that says why a decision is not offered on a post in this status. */
export function useUnavailableText(): (reason: UnavailableReason, status: string) => string {
  const t = useTranslations("review.decision");
  return useCallback((reason, status) => (reason === "unknown" ? t("unavailable.unknown", { status }) : t(`unavailable.${reason}`)), [t]);
}

export function useDecisionOffer(): (status: string, readable: boolean) => DecisionOffer {
  const t = useTranslations("review.decision");
  const unavailable = useUnavailableText();
  return useCallback(
    (status, readable) => {
      const { approve, reject, reason } = decisionAvailability(status);
      const notes: string[] = [];
      if (!readable && (approve || reject)) notes.push(t("unreadable"));
      if (reason !== null) notes.push(unavailable(reason, status));
      return { approve, reject, disabled: !readable, notes };
    },
    [t, unavailable],
  );
}

/** Why `action` cannot be sent now on a post in this status: unreadable first, else the status's reason. */
export function useBlockedText(): (status: string, readable: boolean) => string {
  const t = useTranslations("review.decision");
  const unavailable = useUnavailableText();
  return useCallback(
    (status, readable) => {
      const { reason } = decisionAvailability(status);
      return !readable || reason === null ? t("unreadable") : unavailable(reason, status);
    },
    [t, unavailable],
  );
}

/** Whether `action` can be sent now on a post with this offer. */
export const usable = (offer: DecisionOffer, action: DecisionAction): boolean => offer[action] && !offer.disabled;

/** The offer's notes, one line each (in a live region, so a change of status or readability is heard). */
export function DecisionNotes({ notes, className }: { notes: string[]; className?: string }) {
  return (
    <div aria-live="polite" className={className}>
      {notes.map((n) => (
        <p key={n} data-decision-unavailable className="text-sm text-zinc-700 dark:text-zinc-300">
          {n}
        </p>
      ))}
    </div>
  );
}
