"use client";

import { useTranslations } from "next-intl";
import { POLICY_ROLES, type PolicyStep } from "@/lib/schemas/collab";
import { Button } from "@/components/ui/button";

/** A step as the form edits it: group members as typed (one address a line or comma-separated). */
export type DraftStep = {
  name: string;
  whoKind: "role" | "group";
  role: (typeof POLICY_ROLES)[number];
  group: string;
  members: string;
  need: "any" | "all";
  when: "always" | "warnings" | "rule";
  rule: string;
};

export const blankStep = (): DraftStep => ({ name: "", whoKind: "role", role: "reviewer", group: "", members: "", need: "any", when: "always", rule: "" });

export function toDraft(s: PolicyStep): DraftStep {
  return {
    name: s.name ?? "",
    whoKind: "role" in s.who ? "role" : "group",
    role: "role" in s.who ? s.who.role : "reviewer",
    group: "group" in s.who ? s.who.group : "",
    members: "group" in s.who ? s.who.members.join("\n") : "",
    need: s.need,
    when: s.when.kind,
    rule: s.when.kind === "rule" ? s.when.rule : "",
  };
}

/** What the route accepts; the server validates it again (and names the field when it refuses). */
export function fromDraft(d: DraftStep): PolicyStep {
  const members = d.members
    .split(/[\s,;]+/)
    .map((m) => m.trim())
    .filter(Boolean);
  return {
    ...(d.name.trim() ? { name: d.name.trim() } : {}),
    who: d.whoKind === "role" ? { role: d.role } : { group: d.group.trim(), members },
    need: d.need,
    when: d.when === "rule" ? { kind: "rule", rule: d.rule.trim() } : { kind: d.when },
  };
}

const field = "w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900";

export function StepEditor({
  index,
  step,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  step: DraftStep;
  count: number;
  onChange: (next: DraftStep) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("collab.policy");
  const id = (part: string) => `policy-step-${index}-${part}`;
  const set = <K extends keyof DraftStep>(k: K, v: DraftStep[K]) => onChange({ ...step, [k]: v });
  return (
    <fieldset className="min-w-0 space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-testid="policy-step">
      <legend className="px-1 font-medium">{t("stepN", { n: index + 1 })}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-1" htmlFor={id("name")}>
          {t("stepName")}
          <input id={id("name")} className={field} value={step.name} maxLength={80} onChange={(e) => set("name", e.target.value)} />
        </label>
        <label className="flex flex-col gap-1" htmlFor={id("who")}>
          {t("who")}
          <select id={id("who")} className={field} value={step.whoKind} onChange={(e) => set("whoKind", e.target.value === "group" ? "group" : "role")}>
            <option value="role">{t("whoKindRole")}</option>
            <option value="group">{t("whoKindGroup")}</option>
          </select>
        </label>
        {step.whoKind === "role" ? (
          <label className="flex flex-col gap-1" htmlFor={id("role")}>
            {t("role")}
            <select id={id("role")} className={field} value={step.role} onChange={(e) => set("role", e.target.value as DraftStep["role"])}>
              {POLICY_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t("whoRole", { role: r })}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <>
            <label className="flex flex-col gap-1" htmlFor={id("group")}>
              {t("groupName")}
              <input id={id("group")} className={field} value={step.group} maxLength={60} onChange={(e) => set("group", e.target.value)} />
            </label>
            <label className="flex flex-col gap-1 sm:col-span-2" htmlFor={id("members")}>
              {t("members")}
              <textarea id={id("members")} className={field} rows={2} value={step.members} onChange={(e) => set("members", e.target.value)} />
            </label>
          </>
        )}
        <label className="flex flex-col gap-1" htmlFor={id("need")}>
          {t("need")}
          <select id={id("need")} className={field} value={step.need} onChange={(e) => set("need", e.target.value === "all" ? "all" : "any")}>
            <option value="any">{t("needAny")}</option>
            <option value="all">{t("needAll")}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1" htmlFor={id("when")}>
          {t("when")}
          <select id={id("when")} className={field} value={step.when} onChange={(e) => set("when", e.target.value as DraftStep["when"])}>
            <option value="always">{t("whenAlways")}</option>
            <option value="warnings">{t("whenWarnings")}</option>
            <option value="rule">{t("whenRuleOption")}</option>
          </select>
        </label>
        {step.when === "rule" && (
          <label className="flex flex-col gap-1" htmlFor={id("rule")}>
            {t("rule")}
            <input id={id("rule")} className={field} value={step.rule} maxLength={60} onChange={(e) => set("rule", e.target.value)} />
          </label>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={index === 0} onClick={() => onMove(-1)}>
          {t("moveUp")}
        </Button>
        <Button size="sm" variant="secondary" disabled={index === count - 1} onClick={() => onMove(1)}>
          {t("moveDown")}
        </Button>
        <Button size="sm" variant="secondary" onClick={onRemove}>
          {t("remove")}
        </Button>
      </div>
    </fieldset>
  );
}
