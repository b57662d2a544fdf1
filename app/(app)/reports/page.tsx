import type { Metadata } from "next";
import { getLocale, getTimeZone, getTranslations } from "next-intl/server";
import { ReportView } from "@/components/reports/report-view";
import { ShareReport } from "@/components/reports/share-report";
import { NotAllowed } from "@/components/ui/not-allowed";
import { toLocale } from "@/i18n/config";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { reportTexts } from "@/lib/reports/texts";
import { db, ensureMigrated } from "@/lib/server/db";
import { ApiError } from "@/lib/server/errors";
import { buildReport } from "@/lib/server/reports/data";
import { reportQueryNow, reportSearch } from "@/lib/server/reports/query";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("insights.reports");
  return { title: t("title") };
}

const field = "rounded border border-zinc-400 bg-white px-2 py-1 dark:border-zinc-600 dark:bg-zinc-900";

// The report people forward: built from the dashboard's own database (no upstream call), printable as it is.
export default async function ReportsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, timeZone] = await Promise.all([getCurrentUser(), getTranslations("insights.reports"), getLocale(), getTimeZone()]);
  if (!user || !can(user.role, "analytics:review")) return <NotAllowed title={t("title")} message={t("notAllowed")} />;
  const tx = reportTexts(toLocale(locale));
  let query;
  try {
    query = reportQueryNow(await searchParams, timeZone);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {e.messageIn(toLocale(locale))}
      </p>
    );
  }
  await ensureMigrated();
  const [report, campaigns] = await Promise.all([
    buildReport({ campaignId: query.campaignId, period: query.period, timeZone }),
    db().selectFrom("campaign_sync").select(["campaign_id", "campaign_name"]).orderBy("campaign_name").execute(),
  ]);
  const search = reportSearch(query);
  return (
    <div className="space-y-4">
      <form method="get" action="/reports" className="flex flex-wrap items-end gap-3 print:hidden" aria-label={t("periodLabel")}>
        <label className="flex flex-col text-sm">
          {t("campaignLabel")}
          <select name="campaign" defaultValue={query.campaignId ?? ""} className={field}>
            <option value="">{t("teamOption")}</option>
            {campaigns.map((c) => (
              <option key={c.campaign_id} value={Number(c.campaign_id)}>
                {c.campaign_name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {t("fromLabel")}
          <input type="date" name="from" defaultValue={query.period.from} className={field} required />
        </label>
        <label className="flex flex-col text-sm">
          {t("toLabel")}
          <input type="date" name="to" defaultValue={query.period.to} className={field} required />
        </label>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1.5 text-white hover:bg-blue-800">
          {t("show")}
        </button>
        <a href={`/api/reports/pdf?${search}`} download className="rounded border border-zinc-400 px-3 py-1.5 underline-offset-2 hover:underline dark:border-zinc-600" data-testid="report-pdf">
          {t("downloadPdf")}
        </a>
      </form>
      <div className="print:hidden">
        <ShareReport campaignId={query.campaignId} from={query.period.from} to={query.period.to} texts={{ share: t("shareLink.share"), link: t("shareLink.link"), expires: t("shareLink.expires") }} />
      </div>
      <ReportView report={report} tx={tx} />
    </div>
  );
}
