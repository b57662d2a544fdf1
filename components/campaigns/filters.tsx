"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { projectsQuery } from "@/lib/queries/projects";
import { CAMPAIGN_STATUSES } from "@/lib/schemas/values";
import type { CampaignsUrlState } from "@/lib/url-state/campaigns";
import { useOpenLabel } from "./use-labels";

const control =
  "h-10 rounded-md border border-zinc-400 bg-white px-3 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/**
 * The filters as the URL holds them. The search box is controlled by the URL
 * state, which follows each key at once (the URL itself only once typing
 * pauses), so a reset or the back button shows in it too.
 */
export function CampaignFilters({
  state,
  onChange,
  onSearch,
}: {
  state: CampaignsUrlState;
  onChange: (patch: Partial<CampaignsUrlState>) => void;
  onSearch: (q: string) => void;
}) {
  const t = useTranslations("analytics.campaigns");
  const label = useOpenLabel();
  const projects = useQuery(projectsQuery());
  const projectList = projects.data?.data.projects ?? [];
  // A project from the URL that is not (or not yet) in the list still shows as selected.
  const missing = state.project !== null && !projectList.some((p) => p.id === state.project);

  return (
    <form role="search" aria-label={t("filters")} className="flex flex-wrap items-end gap-4" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-col gap-1">
        <label htmlFor="campaign-project" className="text-sm font-medium">
          {t("project")}
        </label>
        <select
          id="campaign-project"
          className={control}
          value={state.project ?? ""}
          onChange={(e) => onChange({ project: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t("allProjects")}</option>
          {missing && <option value={state.project ?? ""}>#{state.project}</option>}
          {projectList.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t("status")}</legend>
        <div className="flex flex-wrap gap-3">
          {CAMPAIGN_STATUSES.map((s) => {
            const checked = state.statuses.includes(s);
            // The API needs at least one status: the last one cannot be unticked.
            const onlyOne = checked && state.statuses.length === 1;
            return (
              <label key={s} className="inline-flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-blue-700"
                  checked={checked}
                  disabled={onlyOne}
                  onChange={(e) =>
                    onChange({
                      statuses: e.target.checked ? [...state.statuses, s] : state.statuses.filter((x) => x !== s),
                    })
                  }
                />
                {label("campaignStatus", s)}
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1">
        <label htmlFor="campaign-search" className="text-sm font-medium">
          {t("search")}
        </label>
        <input
          id="campaign-search"
          type="search"
          className={control}
          placeholder={t("searchPlaceholder")}
          value={state.q}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
    </form>
  );
}
