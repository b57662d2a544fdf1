"use client";

import { useTranslations } from "next-intl";
import type { PolicyStep } from "@/lib/schemas/collab";

/** One sign-off step in words: who, any one or all of them, and when it applies. */
export function useStepText() {
  const t = useTranslations("collab.policy");
  return (step: PolicyStep): string => {
    const who = "role" in step.who ? t("whoRole", { role: step.who.role }) : t("whoGroup", { group: step.who.group, n: step.who.members.length });
    const need = step.need === "all" ? t("needAll") : t("needAny");
    const when =
      step.when.kind === "always" ? t("whenAlways") : step.when.kind === "warnings" ? t("whenWarnings") : t("whenRule", { rule: step.when.rule });
    return `${step.name ? `${step.name}: ` : ""}${need} — ${who}; ${when}`;
  };
}

/** The policy as an ordered list, the editor's approve last. */
export function StepList({ signoff }: { signoff: PolicyStep[] }) {
  const t = useTranslations("collab.policy");
  const text = useStepText();
  if (signoff.length === 0) return <p className="font-medium">{t("one")}</p>;
  return (
    <ol className="list-decimal space-y-1 pl-5" data-testid="policy-steps">
      {signoff.map((s, i) => (
        <li key={i}>{text(s)}</li>
      ))}
      <li>{t("finalApprove")}</li>
    </ol>
  );
}
