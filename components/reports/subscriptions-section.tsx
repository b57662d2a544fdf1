import { getTranslations } from "next-intl/server";
import { ReportSubscriptions } from "@/components/profile/report-subscriptions";
import { db, ensureMigrated } from "@/lib/server/db";
import { knownProjects } from "@/lib/server/mirror/projects";
import { listSubscriptions } from "@/lib/server/reports/schedule/store";

const WEEKDAYS = ["d1", "d2", "d3", "d4", "d5", "d6", "d7"] as const;

/** The profile's scheduled reports (managers and admins): the list worded here, the form in the browser. */
export async function ReportSubscriptionsSection({ email }: { email: string }) {
  await ensureMigrated();
  const [t, subs, campaigns, projects] = await Promise.all([
    getTranslations("insights.reports"),
    listSubscriptions(db(), email),
    db().selectFrom("campaign_sync").select(["campaign_id", "campaign_name"]).orderBy("campaign_name").execute(),
    knownProjects(db()),
  ]);
  const names = new Map(campaigns.map((c) => [Number(c.campaign_id), c.campaign_name]));
  const projectNames = new Map(projects.map((p) => [p.id, p.name]));
  const reportOf = (s: { campaign_id: number | null; project_id: number | null }) =>
    s.campaign_id !== null
      ? (names.get(s.campaign_id) ?? `#${s.campaign_id}`)
      : s.project_id !== null
        ? t("projectOption", { name: projectNames.get(s.project_id) ?? `#${s.project_id}` })
        : t("teamOption");
  const weekdays = WEEKDAYS.map((d) => t(`subscriptions.weekdays.${d}`));
  const rows = subs.map((s) => ({
    id: s.id,
    label: t("subscriptions.row", {
      report: reportOf(s),
      when: s.cadence === "weekly" ? t("subscriptions.weeklyAt", { day: weekdays[s.day - 1] ?? "", hour: String(s.hour).padStart(2, "0") }) : t("subscriptions.monthlyAt", { day: s.day, hour: String(s.hour).padStart(2, "0") }),
      channels: [s.by_email ? t("subscriptions.email") : null, s.by_telegram ? t("subscriptions.telegram") : null].filter(Boolean).join(" + "),
    }),
  }));
  return (
    <section aria-labelledby="profile-reports" className="flex flex-col gap-3 rounded-md border border-zinc-300 p-4 dark:border-zinc-700">
      <h2 id="profile-reports" className="text-lg font-semibold">
        {t("subscriptions.title")}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("subscriptions.intro")}</p>
      <ReportSubscriptions
        rows={rows}
        campaigns={campaigns.map((c) => ({ id: Number(c.campaign_id), name: c.campaign_name }))}
        projects={projects.map((p) => ({ id: p.id, name: t("projectOption", { name: p.name }) }))}
        texts={{
          report: t("subscriptions.report"),
          team: t("teamOption"),
          projectsGroup: t("projectsGroup"),
          campaignsGroup: t("campaignsGroup"),
          cadence: t("subscriptions.cadence"),
          weekly: t("subscriptions.weekly"),
          monthly: t("subscriptions.monthly"),
          day: t("subscriptions.day"),
          weekdays,
          hour: t("subscriptions.hour"),
          email: t("subscriptions.email"),
          telegram: t("subscriptions.telegram"),
          add: t("subscriptions.add"),
          added: t("subscriptions.added"),
          remove: t("subscriptions.remove"),
          none: t("subscriptions.none"),
        }}
      />
    </section>
  );
}
