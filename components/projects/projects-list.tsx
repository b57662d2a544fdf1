"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { TextLink } from "@/components/campaigns/text-link";
import { QueryPanel } from "@/components/overview/query-panel";
import { Badge } from "@/components/ui/badge";
import { projectsQuery } from "@/lib/queries/projects";

export function ProjectsList() {
  const t = useTranslations("analytics.projects");
  const format = useFormatter();
  const query = useQuery(projectsQuery());
  return (
    <QueryPanel query={query} lines={6}>
      {({ projects }) =>
        projects.length === 0 ? (
          <p className="text-sm">{t("empty")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="projects">
            {projects.map((p) => (
              <li key={p.id} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
                <h2 className="text-base font-semibold">
                  <TextLink href={`/projects/${p.id}`}>{p.name}</TextLink>
                </h2>
                {!p.is_active && (
                  <Badge tone="warning" className="mt-1">
                    {t("inactive")}
                  </Badge>
                )}
                <p className="mt-2 line-clamp-3 text-sm text-zinc-700 dark:text-zinc-300">{p.description}</p>
                <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <span>{t("campaigns", { count: p.campaigns_count })}</span>
                  <span>{t("channels", { count: p.channels_count })}</span>
                </p>
                <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                  {t("created", { date: format.dateTime(new Date(p.created_at), { dateStyle: "medium" }) })}
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryPanel>
  );
}
