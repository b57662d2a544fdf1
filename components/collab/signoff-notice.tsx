"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { verdictsQuery } from "@/lib/queries/collab";
import { useMounted } from "./use-mounted";

/**
 * Beside the decision buttons of a post whose campaign has sign-off steps: why an approve
 * would be refused right now (the server refuses it anyway, 409
 * signoff_required). Quiet while the verdicts load or when nothing is missing.
 */
export function SignoffNotice({ id }: { id: number }) {
  // The verdicts panel prefetches this query further down the page (see useMounted).
  return useMounted() ? <Notice id={id} /> : null;
}

function Notice({ id }: { id: number }) {
  const t = useTranslations("collab.verdicts");
  const { data } = useQuery(verdictsQuery(id));
  if (!data || data.steps < 2 || data.signed_off) return null;
  const changes = data.current.some((v) => v.verdict === "changes" && v.reviewer_role !== "external");
  const waiting = data.route.filter((s) => s.applies && !s.passed).map((s) => String(s.index + 1));
  return (
    <p data-testid="signoff-missing" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <span aria-hidden="true">⚠ </span>
      {changes
        ? t("signoffChanges")
        : data.steps === 2
          ? t("signoffMissing", { n: data.active_version ?? 0 })
          : t("signoffSteps", { n: data.active_version ?? 0, steps: waiting.join(", ") })}
    </p>
  );
}
