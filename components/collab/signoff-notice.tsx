"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { signoffPending } from "@/lib/collab/signoff-pending";
import { verdictsQuery } from "@/lib/queries/collab";
import type { StepWho } from "@/lib/schemas/collab";
import { useMounted } from "@/components/ui/use-mounted";

/**
 * Renders `children(pending)`: pending while the post's approval policy still waits for a
 * sign-off on its current version (the server would refuse an approve, 409 signoff_required).
 * Not pending before hydration or while the verdicts load: the query is only read once
 * mounted (see useMounted), and the server checks again anyway.
 */
export function SignoffGate({ id, children }: { id: number; children: (pending: boolean) => ReactNode }) {
  return useMounted() ? <Gate id={id}>{children}</Gate> : children(false);
}

function Gate({ id, children }: { id: number; children: (pending: boolean) => ReactNode }) {
  const { data } = useQuery(verdictsQuery(id));
  return children(!!data && signoffPending(data));
}

/**
 * Beside the decision buttons of a post whose campaign has sign-off steps: why an approve
 * would be refused right now (the server refuses it anyway, 409
 * signoff_required), and who can sign off. Quiet while the verdicts load or when nothing is missing.
 */
export function SignoffNotice({ id }: { id: number }) {
  // The verdicts panel prefetches this query further down the page (see useMounted).
  return useMounted() ? <Notice id={id} /> : null;
}

function Notice({ id }: { id: number }) {
  const t = useTranslations("collab.verdicts");
  const roles = useTranslations("common.roles");
  const { data } = useQuery(verdictsQuery(id));
  if (!data || !signoffPending(data)) return null;
  // A role in words, a group by its name ("all" steps name the people still awaited instead).
  const whoOf = (who: StepWho) => ("role" in who ? roles(who.role) : who.group);
  const changes = data.current.some((v) => v.verdict === "changes" && v.reviewer_role !== "external");
  const open = data.route.filter((s) => s.applies && !s.passed);
  const waiting = open.map((s) => String(s.index + 1));
  // Who is still awaited on each open step; a policy from before named steps has no route: a reviewer.
  const who = [...new Set(open.flatMap((s) => (s.waiting_for.length > 0 ? s.waiting_for : [whoOf(s.step.who)])))];
  return (
    <div
      id={`signoff-missing-${id}`}
      data-testid="signoff-missing"
      className="mb-3 space-y-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>
        <span aria-hidden="true">⚠ </span>
        {changes
          ? t("signoffChanges")
          : data.steps === 2
            ? t("signoffMissing", { n: data.active_version ?? 0 })
            : t("signoffSteps", { n: data.active_version ?? 0, steps: waiting.join(", ") })}
      </p>
      <p data-testid="signoff-who">{t("signoffWho", { names: who.length > 0 ? who.join(", ") : t("signoffWhoReviewer") })}</p>
    </div>
  );
}
