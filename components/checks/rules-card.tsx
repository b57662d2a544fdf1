"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { DateTime } from "@/components/post/date-time";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import type { CheckRules, Level } from "@/lib/checks/rules";
import { fromLines, toLines } from "./banned-lines";
import { checksKeys, rulesQuery, saveRules, type RuleSet } from "@/lib/queries/checks";

/**
 * The campaign's checks: admins edit them, everyone else reads
 * them. Saved only on Save; the answer says how many waiting posts the new
 * rules flag; a refusal names the field (the server validates).
 */
export function ChecksRulesCard({ campaignId, canManage }: { campaignId: number; canManage: boolean }) {
  const t = useTranslations("review.checks.editor");
  const query = useQuery(rulesQuery(campaignId));
  return (
    <Card aria-labelledby="checks-rules-title" data-testid="checks-rules">
      <CardTitle id="checks-rules-title">{t("title")}</CardTitle>
      {query.isPending ? (
        <SkeletonLines lines={3} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300" data-rules-source={query.data.source}>
            {t(`source.${query.data.source}`)}
          </p>
          <RulesForm campaignId={campaignId} view={query.data} canManage={canManage} />
          {query.data.updated_by && query.data.updated_at && (
            <p className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">
              {query.data.updated_by} · <DateTime value={query.data.updated_at} />
            </p>
          )}
        </>
      )}
    </Card>
  );
}

const LEVELS: Level[] = ["off", "warn", "block"];
const field = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

function RulesForm({ campaignId, view, canManage }: { campaignId: number; view: RuleSet; canManage: boolean }) {
  const t = useTranslations("review.checks.editor");
  const queryClient = useQueryClient();
  const uid = useId();
  const [rules, setRules] = useState<CheckRules>(view.rules);
  const [bannedText, setBannedText] = useState(() => toLines(view.rules.banned));
  const [shorteners, setShorteners] = useState(() => view.rules.links.allowed_shorteners.join(", "));
  const [lineError, setLineError] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (next: CheckRules) => saveRules(campaignId, next),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["checks"] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checksKeys.rules(campaignId) }),
  });
  const set = <K extends keyof CheckRules>(key: K, value: CheckRules[K]) => setRules((r) => ({ ...r, [key]: value }));
  const disabled = !canManage;

  const levelSelect = (label: string, value: Level, onChange: (l: Level) => void, name: string) => (
    <label className="flex flex-wrap items-center gap-2">
      <span className="min-w-40">{label}</span>
      <select className={field} value={value} disabled={disabled} name={name} onChange={(e) => onChange(e.target.value as Level)}>
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {t(`level.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
  const numberInput = (label: string, value: number, onChange: (n: number) => void, name: string, max: number) => (
    <label className="flex flex-wrap items-center gap-2">
      <span className="min-w-40">{label}</span>
      <input type="number" className={`${field} w-24`} min={0} max={max} value={value} disabled={disabled} name={name} onChange={(e) => onChange(Number(e.target.value))} />
    </label>
  );

  return (
    <form
      className="space-y-4 text-sm"
      aria-label={t("title")}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = fromLines(bannedText);
        if (!parsed.ok) return setLineError(parsed.line);
        setLineError(null);
        const allowed = shorteners.split(",").map((s) => s.trim()).filter(Boolean);
        save.mutate({ ...rules, banned: parsed.banned, links: { ...rules.links, allowed_shorteners: allowed } });
      }}
    >
      {!canManage && <p className="text-zinc-700 dark:text-zinc-300">{t("readOnly")}</p>}
      <fieldset className="space-y-1">
        <legend className="font-medium">{t("banned")}</legend>
        <p id={`${uid}-banned-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
          {t("bannedHint")}
        </p>
        <textarea
          className={`${field} h-32 w-full font-mono`}
          name="banned"
          aria-label={t("banned")}
          aria-describedby={`${uid}-banned-hint`}
          value={bannedText}
          readOnly={disabled}
          onChange={(e) => setBannedText(e.target.value)}
        />
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-medium">{t("required")}</legend>
        {levelSelect(t("hashtag"), rules.required.hashtag, (l) => set("required", { ...rules.required, hashtag: l }), "hashtag")}
        {levelSelect(t("link"), rules.required.link, (l) => set("required", { ...rules.required, link: l }), "link")}
        {levelSelect(t("utm"), rules.required.utm, (l) => set("required", { ...rules.required, utm: l }), "utm")}
        <label className="flex items-center gap-2">
          <input type="checkbox" name="advertising" checked={rules.advertising} disabled={disabled} onChange={(e) => set("advertising", e.target.checked)} />
          {t("advertising")}
        </label>
        {rules.advertising && (
          <label className="flex flex-wrap items-center gap-2">
            <span className="min-w-40">{t("advertiser")}</span>
            <input className={field} name="advertiser" value={rules.advertiser} disabled={disabled} maxLength={200} onChange={(e) => set("advertiser", e.target.value)} />
          </label>
        )}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-medium">{t("links")}</legend>
        {levelSelect(t("linksLevel"), rules.links.level, (l) => set("links", { ...rules.links, level: l }), "links")}
        <label className="flex flex-wrap items-center gap-2">
          <span className="min-w-40">{t("allowedShorteners")}</span>
          <input className={field} name="allowed_shorteners" value={shorteners} disabled={disabled} onChange={(e) => setShorteners(e.target.value)} />
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="check_reachable" checked={rules.links.check_reachable} disabled={disabled} onChange={(e) => set("links", { ...rules.links, check_reachable: e.target.checked })} />
          {t("reachable")}
        </label>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-medium">{t("shape")}</legend>
        {levelSelect(t("limits"), rules.limits, (l) => set("limits", l), "limits")}
        {levelSelect(t("shapeLevel"), rules.shape.level, (l) => set("shape", { ...rules.shape, level: l }), "shape")}
        {numberInput(t("capsShare"), Math.round(rules.shape.caps_share * 100), (n) => set("shape", { ...rules.shape, caps_share: n / 100 }), "caps_share", 100)}
        {numberInput(t("exclamationsMax"), rules.shape.exclamations_max, (n) => set("shape", { ...rules.shape, exclamations_max: n }), "exclamations_max", 1000)}
        {numberInput(t("emojiMax"), rules.shape.emoji_max, (n) => set("shape", { ...rules.shape, emoji_max: n }), "emoji_max", 1000)}
        {numberInput(t("openingWords"), rules.shape.opening_words, (n) => set("shape", { ...rules.shape, opening_words: n }), "opening_words", 50)}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-medium">{t("nearDuplicate")}</legend>
        {levelSelect(t("nearDuplicateLevel"), rules.near_duplicate.level, (l) => set("near_duplicate", { ...rules.near_duplicate, level: l }), "near_duplicate")}
        {numberInput(t("threshold"), Math.round(rules.near_duplicate.threshold * 100), (n) => set("near_duplicate", { ...rules.near_duplicate, threshold: n / 100 }), "threshold", 100)}
      </fieldset>
      {canManage && (
        <Button type="submit" size="sm" variant="primary" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </Button>
      )}
      <div aria-live="polite">
        {lineError !== null && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {t("badLine", { line: lineError })}
          </p>
        )}
        {save.isSuccess && <p className="text-green-800 dark:text-green-300" data-flagged>✓ {t("saved", save.data.flagged)}</p>}
        {save.isError && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {t("failed", { message: save.error.message })}
          </p>
        )}
      </div>
    </form>
  );
}
