"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { useEnumLabel } from "@/components/post/labels";
import { cn } from "@/lib/cn";
import { projectsQuery } from "@/lib/queries/projects";
import { POST_TYPES } from "@/lib/schemas/values";
import { INBOX_URGENCIES, type InboxUrlState } from "@/lib/url-state/inbox";
import { UrgencyBadge } from "../urgency-badge";

type CampaignOption = { id: number; name: string; project_id: number };

const control =
  "h-9 rounded-md border border-zinc-400 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";
const chip = (on: boolean) =>
  cn(
    "inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600",
    on ? "border-blue-700 bg-blue-50 text-blue-900 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100" : "border-zinc-300 text-zinc-800 dark:border-zinc-700 dark:text-zinc-200",
  );

/**
 * The inbox's filters as the URL holds them: project and campaign (the
 * campaigns the inbox itself lists, so no extra read), post types and urgency
 * (several at once; none ticked = all).
 */
export function InboxFilters({ state, campaigns, onChange }: { state: InboxUrlState; campaigns: readonly CampaignOption[]; onChange: (patch: Partial<InboxUrlState>) => void }) {
  const t = useTranslations("review.inbox.filters");
  const typeLabel = useEnumLabel("postType", POST_TYPES);
  const ids = { project: useId(), campaign: useId() };
  const projects = useQuery(projectsQuery()).data?.data.projects ?? [];
  const shownCampaigns = state.project === null ? campaigns : campaigns.filter((c) => c.project_id === state.project);
  // A project or campaign from the URL that is not (or not yet) listed still shows as selected.
  const missingProject = state.project !== null && !projects.some((p) => p.id === state.project);
  const missingCampaign = state.campaign !== null && !shownCampaigns.some((c) => c.id === state.campaign);
  const toggle = <T extends string>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  return (
    <form role="search" aria-label={t("label")} className="flex flex-col gap-3" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-wrap items-end gap-3">
        <span className="flex flex-col gap-1">
          <label htmlFor={ids.project} className="text-sm font-medium">
            {t("project")}
          </label>
          <select
            id={ids.project}
            className={control}
            value={state.project ?? ""}
            // A campaign of another project would leave the list empty: the campaign goes with the project.
            onChange={(e) => onChange({ project: e.target.value ? Number(e.target.value) : null, campaign: null })}
          >
            <option value="">{t("allProjects")}</option>
            {missingProject && <option value={state.project ?? ""}>#{state.project}</option>}
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </span>
        <span className="flex flex-col gap-1">
          <label htmlFor={ids.campaign} className="text-sm font-medium">
            {t("campaign")}
          </label>
          <select id={ids.campaign} className={cn(control, "max-w-72")} value={state.campaign ?? ""} onChange={(e) => onChange({ campaign: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t("allCampaigns")}</option>
            {missingCampaign && <option value={state.campaign ?? ""}>#{state.campaign}</option>}
            {shownCampaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </span>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-medium">{t("urgency")}</legend>
          <div className="flex flex-wrap gap-1.5">
            {INBOX_URGENCIES.map((u) => (
              <label key={u} className={chip(state.urgencies.includes(u))}>
                <input type="checkbox" className="h-3.5 w-3.5 accent-blue-700" checked={state.urgencies.includes(u)} onChange={() => onChange({ urgencies: toggle(state.urgencies, u) })} />
                <UrgencyBadge urgency={u} plain />
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-medium">{t("type")}</legend>
          <div className="flex flex-wrap gap-1.5">
            {POST_TYPES.map((type) => (
              <label key={type} className={chip(state.types.includes(type))}>
                <input type="checkbox" className="h-3.5 w-3.5 accent-blue-700" checked={state.types.includes(type)} onChange={() => onChange({ types: toggle(state.types, type) })} />
                {typeLabel(type)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </form>
  );
}
