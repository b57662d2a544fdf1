"use client";

import { useTranslations } from "next-intl";
import type { StepState } from "@/lib/schemas/collab";
import { useStepText } from "./step-text";

/** The post's sign-off steps on its active version: each passed, waiting (and for whom) or not needed. */
export function RouteList({ route }: { route: StepState[] }) {
  const t = useTranslations("collab.verdicts");
  const text = useStepText();
  if (route.length === 0) return null;
  return (
    <div data-testid="approval-route">
      <p className="font-medium">{t("routeTitle")}</p>
      <ol className="list-decimal space-y-1 pl-5">
        {route.map((s) => (
          <li key={s.index} data-step-state={!s.applies ? "skipped" : s.passed ? "passed" : "waiting"}>
            <span>{text(s.step)}</span>{" "}
            <span className="font-medium">
              — {!s.applies ? t("stepSkipped") : s.passed ? `✓ ${t("stepPassed")}` : t("stepWaiting")}
            </span>
            {s.by.length > 0 && <span className="text-zinc-700 dark:text-zinc-300"> ({t("stepBy", { names: s.by.join(", ") })})</span>}
            {s.applies && !s.passed && s.waiting_for.length > 0 && (
              <span className="text-zinc-700 dark:text-zinc-300"> ({t("stepWaitingFor", { names: s.waiting_for.join(", ") })})</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
