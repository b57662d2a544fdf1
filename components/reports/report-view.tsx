import type { ReactNode } from "react";
import { reportCharts } from "@/lib/reports/report-charts";
import type { Report, ReportPost } from "@/lib/reports/types";
import type { ReportTexts } from "@/lib/reports/texts";

const th = "border-b border-zinc-300 px-2 py-1 text-left font-medium dark:border-zinc-700";
const td = "border-b border-zinc-200 px-2 py-1 align-top dark:border-zinc-800";
const num = `${td} text-right tabular-nums`;

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The chart's SVG (our own text, labels escaped) on a white card in both themes: the PNG and the PDF draw the same picture. */
function Chart({ svg }: { svg: string }) {
  return <div className="max-w-full rounded border border-zinc-200 bg-white p-1 dark:border-zinc-700 [&_svg]:h-auto [&_svg]:max-w-full" dangerouslySetInnerHTML={{ __html: svg }} />;
}

function Posts({ posts, tx, testId }: { posts: ReportPost[]; tx: ReportTexts; testId: string }) {
  if (posts.length === 0) return <p>{tx.t("noPosts")}</p>;
  return (
    <ol className="space-y-2" data-testid={testId}>
      {posts.map((p) => (
        <li key={p.taskId} className="flex items-start gap-3">
          {p.thumbnail ? (
            // eslint-disable-next-line @next/next/no-img-element -- a mirrored media link of the post, shown as it is
            <img src={p.thumbnail} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded object-cover" />
          ) : (
            <span className="h-12 w-12 shrink-0 rounded bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate">{p.firstLine || tx.t("noText")}</span>
            <span className="block text-sm text-zinc-600 dark:text-zinc-400">
              #{p.taskId} · {p.campaignName} · {tx.t("interactions")}: <span className="tabular-nums">{tx.number(p.engagement)}</span>
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export function ReportView({ report, tx }: { report: Report; tx: ReportTexts }) {
  const { t } = tx;
  const r = report;
  const charts = reportCharts(r, tx);
  const trends = charts.filter((c) => c.name.startsWith("trend-"));
  const people = charts.find((c) => c.name === "decisions");
  return (
    <article className="space-y-6 print:space-y-4" data-testid="report">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">
          {t("title")}: {tx.scope(r.scope)}
        </h1>
        <p data-testid="report-period">{t("period", { from: tx.longDay(r.period.from), to: tx.longDay(r.period.to) })}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("generated", { at: tx.at(r.generatedAt, r.period.timeZone), zone: r.period.timeZone })}</p>
      </header>

      <Section title={t("engagement.title")} id="report-engagement">
        {r.engagement.totals.length === 0 ? (
          <p>{t("engagement.none")}</p>
        ) : (
          <table className="w-full max-w-2xl border-collapse text-sm" data-testid="report-totals">
            <thead>
              <tr>
                <th className={th}>{t("engagement.metric")}</th>
                <th className={`${th} text-right`}>{t("engagement.value")}</th>
                <th className={`${th} text-right`}>{t("engagement.previous")}</th>
                <th className={`${th} text-right`}>{t("engagement.change")}</th>
              </tr>
            </thead>
            <tbody>
              {r.engagement.totals.map((m) => (
                <tr key={m.metric} data-metric={m.metric}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    {tx.metric(m.metric)}
                  </th>
                  <td className={num} data-testid="metric-value">
                    {tx.number(m.value)}
                  </td>
                  <td className={num}>{tx.number(m.previous)}</td>
                  <td className={num}>{tx.change(m.change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="grid gap-3 lg:grid-cols-2">
          {trends.map((c) => (
            <figure key={c.name} className="space-y-1">
              <figcaption className="text-sm font-medium">{c.title}</figcaption>
              <Chart svg={c.svg} />
            </figure>
          ))}
        </div>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t("best")} id="report-best">
          <Posts posts={r.best} tx={tx} testId="report-best" />
        </Section>
        <Section title={t("worst")} id="report-worst">
          <Posts posts={r.worst} tx={tx} testId="report-worst" />
        </Section>
      </div>

      <Section title={t("plan.title")} id="report-plan">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="report-plan">
          {(["planned", "published", "failed", "waiting", "canceled"] as const).map((k) => (
            <div key={k} className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
              <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t(`plan.${k}`)}</dt>
              <dd className="text-xl font-semibold tabular-nums" data-plan={k}>
                {tx.number(r.plan[k])}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={t("review.title")} id="report-review">
        {r.review.decisions === 0 ? (
          <p>{t("review.none")}</p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="report-review">
              <div className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
                <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("review.decisions")}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-review="decisions">{tx.number(r.review.decisions)}</dd>
              </div>
              <div className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
                <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("review.approvals")}</dt>
                <dd className="text-xl font-semibold tabular-nums">{tx.number(r.review.approvals)}</dd>
              </div>
              <div className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
                <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("review.rejections")}</dt>
                <dd className="text-xl font-semibold tabular-nums">{tx.number(r.review.rejections)}</dd>
              </div>
              <div className="rounded border border-zinc-200 p-2 dark:border-zinc-700">
                <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("review.median")}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-review="median">{tx.duration(r.review.medianToDecision)}</dd>
              </div>
            </dl>
            {people && (
              <figure className="space-y-1">
                <figcaption className="text-sm font-medium">{people.title}</figcaption>
                <Chart svg={people.svg} />
              </figure>
            )}
            {r.review.reasons.length > 0 && (
              <table className="w-full max-w-md border-collapse text-sm">
                <caption className="text-left font-medium">{t("review.reasons")}</caption>
                <thead>
                  <tr>
                    <th className={th}>{t("review.reason")}</th>
                    <th className={`${th} text-right`}>{t("review.count")}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.review.reasons.map((x) => (
                    <tr key={x.category ?? "none"}>
                      <td className={td}>{tx.category(x.category)}</td>
                      <td className={num}>{tx.number(x.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Section>

      <Section title={t("checks.title")} id="report-checks">
        {r.checks.rules.length === 0 ? (
          <p>{t("checks.none")}</p>
        ) : (
          <table className="w-full max-w-md border-collapse text-sm">
            <thead>
              <tr>
                <th className={th}>{t("checks.rule")}</th>
                <th className={`${th} text-right`}>{t("checks.count")}</th>
              </tr>
            </thead>
            <tbody>
              {r.checks.rules.map((x) => (
                <tr key={x.rule}>
                  <td className={td}>{x.rule}</td>
                  <td className={num}>{tx.number(x.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="text-sm">{t("checks.flagged", { approved: r.checks.flagged.approved, rejected: r.checks.flagged.rejected })}</p>
        <p className="text-sm">{t("checks.clean", { approved: r.checks.clean.approved, rejected: r.checks.clean.rejected })}</p>
      </Section>
    </article>
  );
}
