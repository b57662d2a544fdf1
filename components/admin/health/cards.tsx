"use client";

import { useTranslations, useFormatter } from "next-intl";
import { Card, CardTitle } from "@/components/ui/card";
import type { AdminHealth } from "@/lib/schemas/admin-health";
import { Gauge, Row, State, Warn } from "./gauge";

type H = AdminHealth;

function useWhen() {
  const format = useFormatter();
  const t = useTranslations("insights.health");
  return function when(iso: string | null | undefined) {
    return iso ? <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "medium" })}</time> : t("never");
  };
}

export function UpstreamCard({ upstream }: { upstream: H["upstream"] }) {
  const t = useTranslations("insights.health");
  const when = useWhen();
  return (
    <Card aria-labelledby="h-upstream" data-testid="health-upstream">
      <CardTitle id="h-upstream">{t("upstream.title")}</CardTitle>
      <dl>
        <Row term={t("upstream.reachable")}><State ok={upstream.reachable} yes={t("yes")} no={t("no")} unknown={t("upstream.notYet")} /></Row>
        <Row term={t("upstream.answers")}><State ok={upstream.ok} yes={t("yes")} no={t("no")} unknown={t("upstream.notYet")} /></Row>
        <Row term={t("upstream.latency")}>{upstream.latencyMs === undefined ? "—" : t("upstream.latencyValue", { ms: upstream.latencyMs })}</Row>
        <Row term={t("upstream.checkedAt")}>{when(upstream.checkedAt)}</Row>
        {upstream.error && <Row term={t("upstream.error")}><code>{upstream.error}</code></Row>}
      </dl>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t("upstream.note")}</p>
    </Card>
  );
}

export function LastHourCard({ lastHour }: { lastHour: H["lastHour"] }) {
  const t = useTranslations("insights.health");
  const format = useFormatter();
  const c = lastHour.cache;
  return (
    <Card aria-labelledby="h-hour" data-testid="health-last-hour">
      <CardTitle id="h-hour">{t("lastHour.title")}</CardTitle>
      <dl>
        <Row term={t("lastHour.calls")} testId="hour-calls">{format.number(lastHour.upstreamCalls)}</Row>
        <Row term={t("lastHour.rateLimited")} testId="hour-429">{format.number(lastHour.rateLimited)}</Row>
        <Row term={t("lastHour.failed")} testId="hour-failed">{format.number(lastHour.failed)}</Row>
        <Row term={t("lastHour.refused")}>{format.number(lastHour.refused)}</Row>
      </dl>
      <div className="mt-3">
        {lastHour.cacheHitRate === null ? (
          <p className="text-sm">{t("lastHour.cacheRate")}: {t("lastHour.noReads")}</p>
        ) : (
          <Gauge
            label={t("lastHour.cacheRate")}
            value={Math.round(lastHour.cacheHitRate * 100)}
            max={100}
            valueText={format.number(lastHour.cacheHitRate, { style: "percent", maximumFractionDigits: 1 })}
            testId="gauge-cache"
          />
        )}
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t("lastHour.cacheDetail", { hit: c.hit, joined: c.joined, stale: c.stale, miss: c.miss })}</p>
      </div>
    </Card>
  );
}

export function BackgroundCard({ background }: { background: H["background"] }) {
  const t = useTranslations("insights.health");
  const format = useFormatter();
  const when = useWhen();
  const { collector, inbox, bulk } = background;
  const running = (ok: boolean) => <State ok={ok} yes={t("background.running")} no={t("background.stopped")} />;
  const h3 = "mt-3 text-sm font-semibold first:mt-0";
  return (
    <Card aria-labelledby="h-background" data-testid="health-background">
      <CardTitle id="h-background">{t("background.title")}</CardTitle>
      <h3 className={h3}>{t("background.collector")}</h3>
      <dl data-testid="bg-collector">
        <Row term={t("background.collector")}>{running(collector.running)}</Row>
        <Row term={t("background.lastRun")}>{when(collector.lastRunAt)}</Row>
        <Row term={t("background.calls")}>{format.number(collector.callsLastHour)}</Row>
        <Row term={t("background.share")}>{format.number(collector.budgetShare, { style: "percent" })}</Row>
        <Row term={t("background.postsTracked")}>{format.number(collector.postsTracked)}</Row>
        {collector.lastError && (
          <Row term={t("background.lastError")}>
            {when(collector.lastError.at)}: {collectorErrorText(collector.lastError, t)}
          </Row>
        )}
      </dl>
      <h3 className={h3}>{t("background.inbox")}</h3>
      <dl data-testid="bg-inbox">
        <Row term={t("background.inbox")} testId="bg-inbox-state">
          {/* Running is not fine while campaigns answer stale: said in amber, with how many. */}
          {inbox.running && inbox.staleCampaigns > 0 ? (
            <Warn text={t("background.runningStale", { stale: inbox.staleCampaigns, total: inbox.campaigns })} />
          ) : (
            running(inbox.running)
          )}
        </Row>
        <Row term={t("background.lastRefresh")}>{when(inbox.lastRefreshAt)}</Row>
        <Row term={t("background.campaigns")}>
          {format.number(inbox.campaigns)}
          {inbox.staleCampaigns > 0 && ` (${t("background.staleCampaigns")}: ${inbox.staleCampaigns})`}
        </Row>
        <Row term={t("background.calls")}>{t("background.callsOf", { calls: inbox.callsLastHour, allowed: inbox.callsAllowedPerHour })}</Row>
      </dl>
      <h3 className={h3}>{t("background.bulk")}</h3>
      <dl data-testid="bg-bulk">
        <Row term={t("background.queued")}>{format.number(bulk.queued)}</Row>
        <Row term={t("background.runningJobs")}>{format.number(bulk.running)}</Row>
        <Row term={t("background.itemsPending")}>{format.number(bulk.itemsPending)}</Row>
        <Row term={t("background.itemsFailed")}>{format.number(bulk.itemsFailedLastHour)}</Row>
        <Row term={t("background.lastFinished")}>{when(bulk.lastFinishedAt)}</Row>
      </dl>
    </Card>
  );
}

export function StoresCard({ database, redis }: { database: H["database"]; redis: H["redis"] }) {
  const t = useTranslations("insights.health");
  return (
    <Card aria-labelledby="h-stores" data-testid="health-stores">
      <CardTitle id="h-stores">{t("database.title")}</CardTitle>
      <dl data-testid="db">
        <Row term={t("database.kind")}>{database.kind}</Row>
        <Row term={t("database.writable")}><State ok={database.ok} yes={t("yes")} no={t("no")} /></Row>
        <Row term={t("database.unrecorded")}>{database.unrecordedDecisions}</Row>
      </dl>
      {database.reason && <p className="mt-1 text-sm text-red-800 dark:text-red-300">{database.reason}</p>}
      <h3 className="mt-3 text-base font-semibold">{t("redis.title")}</h3>
      {redis ? (
        <dl data-testid="redis">
          <Row term={t("redis.reachable")}><State ok={redis.ok} yes={t("yes")} no={t("no")} /></Row>
          <Row term={t("redis.latency")}>{redis.latencyMs === undefined ? "—" : t("upstream.latencyValue", { ms: redis.latencyMs })}</Row>
          {redis.reason && <Row term={t("upstream.error")}>{redis.reason}</Row>}
        </dl>
      ) : (
        <p className="text-sm" data-testid="redis">{t("redis.notUsed")}</p>
      )}
    </Card>
  );
}

type CollectorError = NonNullable<H["background"]["collector"]["lastError"]>;

/** The collector's last error in the reader's language; its own (English) text only for what we cannot name. */
function collectorErrorText(error: CollectorError, t: ReturnType<typeof useTranslations<"insights.health">>): React.ReactNode {
  switch (error.kind) {
    case "budget":
      return t("background.errorBudget", { seconds: error.seconds ?? 0 });
    case "upstreamHttp":
      return t("background.errorUpstreamHttp", { status: error.status ?? 0 });
    case "unavailable":
      return t("background.errorUnavailable");
    default:
      return (
        <>
          {t("background.errorOther")} <code className="break-all text-xs">{error.message}</code>
        </>
      );
  }
}
