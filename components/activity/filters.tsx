"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { labelOr } from "@/i18n/keys";
import { isGuest } from "@/lib/audit/people";
import { auditChoicesOptions } from "@/lib/queries/audit";
import type { AuditChoices } from "@/lib/schemas/audit";
import type { ActivityFilters } from "@/lib/url-state/activity";

const field = "h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";
/** The person picker's value for an older link's `user=` (part of a name or email), kept until changed. */
const CONTAINS = "~";

/**
 * The filters as a plain form: applied on submit (not per keystroke, which
 * would refetch on every digit of a post number); the key resets the fields
 * when the URL changes from elsewhere (back button, reset link). Campaign and
 * person are pickers by name, from the campaigns and people the log holds.
 */
export function ActivityFiltersForm({ filters, onApply, onReset }: { filters: ActivityFilters; onApply: (f: ActivityFilters) => void; onReset: () => void }) {
  const t = useTranslations("review.activity.filters");
  const choices = useQuery(auditChoicesOptions());
  const id = useId();
  return (
    <form
      aria-label={t("label")}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,0.7fr)_minmax(0,1.4fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const text = (k: string) => String(data.get(k) ?? "").trim() || null;
        const num = (k: string) => (/^[1-9]\d{0,14}$/.test(text(k)?.replace(/^[№#]/, "") ?? "") ? Number(text(k)!.replace(/^[№#]/, "")) : null);
        const action = text("action");
        const who = text("person");
        onApply({
          campaign: num("campaign"),
          post: num("post"),
          user: who?.startsWith(CONTAINS) ? who.slice(CONTAINS.length) || null : null,
          person: who && !who.startsWith(CONTAINS) ? who : null,
          action: action === "approve" || action === "reject" ? action : null,
          from: text("from"),
          to: text("to"),
          page: 1,
          actions: filters.actions,
        });
      }}
    >
      {/* Named by their label alone (aria-labelledby): a wrapping label would add the chosen option to the name. */}
      <div className="text-sm">
        <span id={`${id}-campaign`} className="mb-1 block font-medium">
          {t("campaign")}
        </span>
        <CampaignPicker labelledBy={`${id}-campaign`} value={filters.campaign} campaigns={choices.data?.campaigns} loading={choices.isPending} />
      </div>
      <label className="text-sm">
        <span className="mb-1 block font-medium">{t("post")}</span>
        <input name="post" inputMode="numeric" pattern="[№#]?[0-9]*" defaultValue={filters.post ?? ""} className={field} />
      </label>
      <div className="text-sm">
        <span id={`${id}-person`} className="mb-1 block font-medium">
          {t("person")}
        </span>
        <PersonPicker labelledBy={`${id}-person`} person={filters.person} user={filters.user} people={choices.data?.people} loading={choices.isPending} />
      </div>
      <label className="text-sm">
        <span className="mb-1 block font-medium">{t("action")}</span>
        <select name="action" defaultValue={filters.action ?? ""} className={field}>
          <option value="">{t("anyAction")}</option>
          <option value="approve">{t("approve")}</option>
          <option value="reject">{t("reject")}</option>
        </select>
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">{t("from")}</span>
        <input type="date" name="from" defaultValue={filters.from ?? ""} className={field} />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">{t("to")}</span>
        <input type="date" name="to" defaultValue={filters.to ?? ""} className={field} />
      </label>
      <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-1">
        <Button type="submit" variant="primary" size="sm" className="h-9">
          {t("apply")}
        </Button>
        <Button size="sm" className="h-9" onClick={onReset}>
          {t("reset")}
        </Button>
      </div>
    </form>
  );
}

/**
 * Campaigns by name. The chosen one is offered even before the list arrives
 * (by number), so the field never shows a choice other than the URL's.
 */
function CampaignPicker({ labelledBy, value, campaigns, loading }: { labelledBy: string; value: number | null; campaigns: AuditChoices["campaigns"] | undefined; loading: boolean }) {
  const t = useTranslations("review.activity.filters");
  const list = campaigns ?? [];
  const shown = value !== null && !list.some((c) => c.id === value) ? [{ id: value, name: null }, ...list] : list;
  // The list arrives after the first render: the key redraws the (uncontrolled) select with its default chosen.
  return (
    <select key={campaigns ? "ready" : "loading"} aria-labelledby={labelledBy} name="campaign" defaultValue={value === null ? "" : String(value)} className={field}>
      <option value="">{loading ? t("loadingChoices") : t("anyCampaign")}</option>
      {shown.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name ?? t("campaignNumber", { id: c.id })}
        </option>
      ))}
    </select>
  );
}

/** People by name and role in words, the team first, then link visitors (never `external:<name>`). */
function PersonPicker({ labelledBy, person, user, people, loading }: { labelledBy: string; person: string | null; user: string | null; people: AuditChoices["people"] | undefined; loading: boolean }) {
  const t = useTranslations("review.activity.filters");
  const roles = useTranslations("common");
  const list = people ?? [];
  const known = person === null || list.some((p) => p.email === person);
  const option = (p: AuditChoices["people"][number]) => (
    <option key={p.email} value={p.email}>
      {t("personOption", { name: p.name, role: labelOr(roles, "roles", p.role) })}
    </option>
  );
  const team = list.filter((p) => !isGuest(p));
  const guests = list.filter((p) => isGuest(p));
  const chosen = person ?? (user ? `${CONTAINS}${user}` : "");
  return (
    <select key={people ? "ready" : "loading"} aria-labelledby={labelledBy} name="person" defaultValue={chosen} className={field}>
      <option value="">{loading ? t("loadingChoices") : t("anyone")}</option>
      {user && !person && <option value={`${CONTAINS}${user}`}>{t("containing", { text: user })}</option>}
      {!known && person && <option value={person}>{person.replace(/^external:/, "")}</option>}
      {team.length > 0 && <optgroup label={t("team")}>{team.map(option)}</optgroup>}
      {guests.length > 0 && <optgroup label={t("guests")}>{guests.map(option)}</optgroup>}
    </select>
  );
}
