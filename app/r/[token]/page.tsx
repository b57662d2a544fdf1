import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { ReportView } from "@/components/reports/report-view";
import { LinkGone } from "@/components/share/link-gone";
import { ShareShell } from "@/components/share/share-shell";
import { withPageMessages } from "@/components/shell/page-messages";
import { toLocale } from "@/i18n/config";
import { reportTexts } from "@/lib/reports/texts";
import { db, ensureMigrated } from "@/lib/server/db";
import { toApiError } from "@/lib/server/errors";
import { buildReport } from "@/lib/server/reports/data";
import { openReportShare } from "@/lib/server/reports/share";
import { limitShareRequest } from "@/lib/server/share/rate-limit";

/*
 * A report link's page: outside the signed-in (app) group, no session, no
 * navigation; the one report the link names and nothing else. proxy.ts lets
 * /r/<token> through with no-store, no-referrer and noindex, like /s/<token>.
 */
export async function generateMetadata(): Promise<Metadata> {
  return { title: reportTexts(toLocale(await getLocale())).t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

async function ReportSharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    await limitShareRequest({ headers: await headers() }, token);
  } catch (e) {
    const error = toApiError(e);
    if (error.status !== 429) throw e;
    return (
      <ShareShell>
        <LinkGone reason="rate_limited" retryAfter={error.retryAfterSeconds} />
      </ShareShell>
    );
  }
  await ensureMigrated();
  const opened = await openReportShare(db(), token);
  if (!opened.ok) {
    return (
      <ShareShell>
        <LinkGone reason={opened.reason} />
      </ShareShell>
    );
  }
  const { share } = opened;
  const report = await buildReport({ campaignId: share.campaignId, projectId: share.projectId, period: share.period, timeZone: share.timeZone });
  return (
    <ShareShell>
      <ReportView report={report} tx={reportTexts(toLocale(await getLocale()))} />
    </ShareShell>
  );
}

export default withPageMessages(["share.gone", "share.page"], ReportSharePage);
