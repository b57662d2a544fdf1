"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ActivityFilters } from "@/lib/url-state/activity";

const field = "h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/**
 * The filters as a plain form: applied on submit (not per keystroke, which
 * would refetch on every digit of a post id); the key resets the inputs when
 * the URL changes from elsewhere (back button, reset link).
 */
export function ActivityFiltersForm({ filters, onApply, onReset }: { filters: ActivityFilters; onApply: (f: ActivityFilters) => void; onReset: () => void }) {
  const t = useTranslations("review.activity.filters");
  return (
    <form
      aria-label={t("label")}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(6,minmax(0,1fr))_auto] lg:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const text = (k: string) => String(data.get(k) ?? "").trim() || null;
        const num = (k: string) => (/^[1-9]\d{0,14}$/.test(text(k) ?? "") ? Number(text(k)) : null);
        const action = text("action");
        onApply({
          campaign: num("campaign"),
          post: num("post"),
          user: text("user"),
          action: action === "approve" || action === "reject" ? action : null,
          from: text("from"),
          to: text("to"),
          page: 1,
          actions: filters.actions,
        });
      }}
    >
      <label className="text-sm">
        <span className="mb-1 block font-medium">{t("campaign")}</span>
        <input name="campaign" inputMode="numeric" pattern="[0-9]*" defaultValue={filters.campaign ?? ""} className={field} />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">{t("post")}</span>
        <input name="post" inputMode="numeric" pattern="[0-9]*" defaultValue={filters.post ?? ""} className={field} />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium">{t("person")}</span>
        <input name="user" defaultValue={filters.user ?? ""} className={field} />
      </label>
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
