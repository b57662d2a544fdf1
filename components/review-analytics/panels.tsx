"use client";

import { useTranslations, useFormatter } from "next-intl";
import Link from "next/link";
import { DAY, dayToDate } from "@/components/campaigns/use-labels";
import { labelOr } from "@/i18n/keys";
import { reviewCsvHref } from "@/lib/queries/review-analytics";
import type { ReviewAnalytics } from "@/lib/schemas/review-analytics";
import type { ReviewAnalyticsFilters } from "@/lib/url-state/review-analytics";
import { Panel, Table, cell, num, row } from "./panel";
import { useDuration } from "./use-duration";
import { isGuest } from "@/lib/audit/people";

type Props = { data: ReviewAnalytics; filters: ReviewAnalyticsFilters };

/** The seven panels of the page, each with its table view and its own CSV. */
export function ReviewPanels({ data, filters }: Props) {
  const t = useTranslations("insights.review");
  const tr = useTranslations();
  const format = useFormatter();
  const duration = useDuration();
  const c = (k: Parameters<typeof t>[0]) => t(k);
  const csv = (table: Parameters<typeof reviewCsvHref>[2]) => reviewCsvHref(filters, data.range, table);
  const pct = (r: number | null) => (r === null ? "—" : format.number(r, { style: "percent", maximumFractionDigits: 1 }));
  const when = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" })}</time>;
  const dayLabel = (d: string) => format.dateTime(dayToDate(d), { ...DAY, day: "numeric", month: "short" });
  const category = (v: string | null) => (v === null ? t("noCategory") : labelOr(tr, "review.rejectCategory", v));
  const action = (v: string) => labelOr(tr, "review.activity.action", v);
  const campaign = (id: number | null, name: string | null) => name ?? (id === null ? "—" : `#${id}`);
  const more = (shown: number, total: number) => (shown < total ? <p className="mt-2 text-xs">{t("moreRows", { shown, total })}</p> : null);
  const approvals = c("cols.approvals");
  const rejections = c("cols.rejections");
  const bars = [{ key: "approvals", label: approvals, kind: "approve" as const }, { key: "rejections", label: rejections, kind: "reject" as const }];

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel
        id="days"
        title={c("panels.days")}
        csvHref={csv("days")}
        empty={data.summary.decisions === 0}
        chart={{ rows: data.days.map((d) => ({ label: dayLabel(d.day), approvals: d.approvals, rejections: d.rejections })), series: bars, label: c("panels.daysChart") }}
      >
        <Table caption={c("panels.days")} head={[c("cols.day"), approvals, rejections]} numeric={[1, 2]}>
          {data.days.map((d) => (
            <tr key={d.day} className={row}>
              <td className={`${cell} whitespace-nowrap`}>{d.day}</td>
              <td className={num}>{d.approvals}</td>
              <td className={num}>{d.rejections}</td>
            </tr>
          ))}
        </Table>
      </Panel>

      <Panel
        id="people"
        title={c("panels.people")}
        csvHref={csv("people")}
        empty={data.people.length === 0}
        chart={{ rows: data.people.map((p) => ({ label: p.name, approvals: p.approvals, rejections: p.rejections })), series: bars, label: c("panels.peopleChart"), layout: "vertical", height: Math.max(160, 40 * data.people.length + 60) }}
      >
        <Table caption={c("panels.people")} head={[c("cols.person"), c("cols.email"), c("cols.decisions"), approvals, rejections]} numeric={[2, 3, 4]}>
          {data.people.map((p) => (
            <tr key={p.email} className={row}>
              <td className={cell}>{p.name}</td>
              {/* A share-link visitor's record is `external:<name>`: said in words instead, not as a raw id. */}
              <td className={`${cell} break-all`}>{isGuest(p) ? tr("common.roles.external") : p.email}</td>
              <td className={num}>{p.decisions}</td>
              <td className={num}>{p.approvals}</td>
              <td className={num}>{p.rejections}</td>
            </tr>
          ))}
        </Table>
      </Panel>

      <Panel id="campaigns" title={c("panels.campaigns")} csvHref={csv("campaigns")} empty={data.campaigns.length === 0}>
        <Table caption={c("panels.campaigns")} head={[c("cols.campaign"), c("cols.decisions"), c("cols.approvalRate"), c("cols.rejectionRate"), c("cols.toDecision")]} numeric={[1, 2, 3, 4]}>
          {data.campaigns.map((x) => (
            <tr key={x.id} className={row}>
              <td className={cell}>
                <Link href={`/campaigns/${x.id}`} className="underline underline-offset-2">{campaign(x.id, x.name)}</Link>
              </td>
              <td className={num}>{x.decisions}</td>
              <td className={num}>{pct(x.approvalRate)} ({x.approvals})</td>
              <td className={num}>{pct(x.rejectionRate)} ({x.rejections})</td>
              <td className={num}>{duration(x.toDecision.median)} / {duration(x.toDecision.p90)}</td>
            </tr>
          ))}
        </Table>
      </Panel>

      <Panel
        id="reasons"
        title={c("panels.reasons")}
        csvHref={csv("reasons")}
        empty={data.reasons.length === 0}
        chart={{ rows: data.reasons.map((r) => ({ label: category(r.category), rejections: r.count })), series: [{ key: "rejections", label: rejections, kind: "reject" }], label: c("panels.reasonsChart"), layout: "vertical", height: Math.max(160, 36 * data.reasons.length + 40) }}
      >
        <Table caption={c("panels.reasons")} head={[c("cols.category"), rejections, c("cols.share")]} numeric={[1, 2]}>
          {data.reasons.map((r) => (
            <tr key={r.category ?? "none"} className={row}>
              <td className={cell}>{category(r.category)}</td>
              <td className={num}>{r.count}</td>
              <td className={num}>{pct(r.share)}</td>
            </tr>
          ))}
        </Table>
      </Panel>

      <Panel id="late" title={c("panels.late")} csvHref={csv("late")} empty={data.late.length === 0}>
        <Table caption={c("panels.late")} head={[c("cols.post"), c("cols.campaign"), c("cols.decidedAt"), c("cols.plannedAt"), c("cols.lateBy"), c("cols.action"), c("cols.person")]} numeric={[4]}>
          {data.late.map((r, i) => (
            <tr key={`${r.taskId}-${r.at}-${i}`} className={row}>
              <td className={cell}>
                <Link href={`/posts/${r.taskId}`} className="underline underline-offset-2">#{r.taskId}</Link>
              </td>
              <td className={cell}>{campaign(r.campaignId, r.campaignName)}</td>
              <td className={cell}>{when(r.at)}</td>
              <td className={cell}>{when(r.plannedAt)}</td>
              <td className={num}>{duration(r.lateBySeconds)}</td>
              <td className={cell}>{action(r.action)}</td>
              <td className={cell}>{r.userName}</td>
            </tr>
          ))}
        </Table>
        {more(data.late.length, data.summary.lateDecisions)}
      </Panel>

      <Panel id="overdue" title={c("panels.overdue")} csvHref={csv("overdue")} empty={data.overdue.length === 0}>
        <Table caption={c("panels.overdue")} head={[c("cols.post"), c("cols.campaign"), c("cols.createdAt"), c("cols.plannedAt"), c("cols.overdueBy")]} numeric={[4]}>
          {data.overdue.map((r) => (
            <tr key={r.taskId} className={row}>
              <td className={cell}>
                <Link href={`/posts/${r.taskId}`} className="underline underline-offset-2">#{r.taskId}</Link>
              </td>
              <td className={cell}>{campaign(r.campaignId, r.campaignName)}</td>
              <td className={cell}>{when(r.createdAt)}</td>
              <td className={cell}>{when(r.plannedAt)}</td>
              <td className={num}>{duration(r.overdueSeconds)}</td>
            </tr>
          ))}
        </Table>
        {more(data.overdue.length, data.summary.overdueWaiting)}
      </Panel>
    </div>
  );
}
