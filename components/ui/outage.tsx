"use client";

import { useIsFetching, useQueryClient, type Query, type QueryCache } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { HealClock, type HealSnapshot } from "@/lib/queries/heal-clock";
import { isTransientError, retryAfterOf } from "@/lib/queries/heal";
import { ApiClientError, isNetworkFailure } from "@/lib/queries/fetch-json";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { useErrorText } from "./error-text";

/**
 * One outage state per page. Panels whose data failed for a reason that goes
 * away by itself (lib/queries/heal.ts `isTransientError`) report it here and
 * show a quiet placeholder; the page shows one banner at the top, "next
 * attempt in N s", and retries every reported panel and every failing query
 * on screen on one clock (lib/queries/heal-clock.ts): backoff capped at 15 s,
 * the server's Retry-After, at once on focus, on the network's return, or on
 * "try now". Permanent errors (404, 403…) stay in their panels.
 */
type Failure = { error: unknown; retry: () => unknown; at: number };
type OutageApi = { report(id: string, failure: Failure): void; withdraw(id: string): void };

const OutageContext = createContext<OutageApi | null>(null);
/** The panel whose placeholder says the whole sentence (the first to report); the rest stay short. */
const OutageLeadContext = createContext<string | null>(null);

/** The page's outage, when the panel sits in one (the app layout provides it). */
export function useOutage(): OutageApi | null {
  return useContext(OutageContext);
}

type QuerySummary = { count: number; lastAt: number; retryAfter?: number; notBefore?: number; error: unknown };

/** When a budget-refused read may be asked again (lib/queries/read-gate.ts), if the error is one. */
const notBeforeOf = (error: unknown): number | undefined => (error instanceof ApiClientError ? error.notBefore : undefined);
const NO_QUERIES: QuerySummary = { count: 0, lastAt: 0, error: null };

function failing(q: Query): boolean {
  return q.state.status === "error" && q.isActive() && isTransientError(q.state.error);
}

/** Queries on screen (with an enabled observer) whose last fetch failed transiently. */
function useFailingQueries(enabled: boolean): QuerySummary {
  const cache = useQueryClient().getQueryCache();
  const store = useMemo(() => summaryStore(cache), [cache]);
  const summary = useSyncExternalStore(store.subscribe, store.get, () => NO_QUERIES);
  return enabled ? summary : NO_QUERIES;
}

function summaryStore(cache: QueryCache) {
  let last = NO_QUERIES;
  return {
    subscribe: (onChange: () => void) => cache.subscribe(onChange),
    get: (): QuerySummary => {
      let count = 0;
      let lastAt = 0;
      let retryAfter: number | undefined;
      let notBefore: number | undefined;
      let error: unknown = null;
      for (const q of cache.getAll()) {
        if (!failing(q)) continue;
        count += 1;
        if (q.state.errorUpdatedAt >= lastAt) {
          lastAt = q.state.errorUpdatedAt;
          error = q.state.error;
        }
        const wait = retryAfterOf(q.state.error);
        if (wait !== undefined) retryAfter = Math.max(retryAfter ?? 0, wait);
        const opens = notBeforeOf(q.state.error);
        if (opens !== undefined) notBefore = Math.max(notBefore ?? 0, opens);
      }
      if (count === last.count && lastAt === last.lastAt && retryAfter === last.retryAfter && notBefore === last.notBefore && error === last.error) return last;
      last = count === 0 ? NO_QUERIES : { count, lastAt, retryAfter, notBefore, error };
      return last;
    },
  };
}

/** When the latest failure was, the longest wait asked for, and what to say: the network first (it explains the rest), else the latest. */
function pick(failures: Iterable<Failure>, queries: QuerySummary): { error: unknown; at: number; retryAfter?: number; notBefore?: number } {
  let at = queries.lastAt;
  let latest = queries.error;
  let retryAfter = queries.retryAfter;
  let notBefore = queries.notBefore;
  let network = isNetworkFailure(queries.error) ? queries.error : null;
  for (const f of failures) {
    if (f.at >= at) {
      at = f.at;
      latest = f.error;
    }
    if (network === null && isNetworkFailure(f.error)) network = f.error;
    const wait = retryAfterOf(f.error);
    if (wait !== undefined) retryAfter = Math.max(retryAfter ?? 0, wait);
    const opens = notBeforeOf(f.error);
    if (opens !== undefined) notBefore = Math.max(notBefore ?? 0, opens);
  }
  return { error: network ?? latest, at, retryAfter, notBefore };
}

/**
 * The page-level outage: a context panels report to and the one banner.
 * `watchQueries` (default) also counts and retries every failing query on
 * screen, whether or not its panel reports; a panel's own, self-contained
 * outage (`SelfHealing`) leaves the page's queries alone.
 */
export function OutageProvider({
  children,
  watchQueries = true,
  message,
  className,
}: {
  children?: ReactNode;
  watchQueries?: boolean;
  /** The banner's text instead of the failure's own (a whole page that failed to render). */
  message?: string;
  className?: string;
}) {
  const client = useQueryClient();
  const [failures, setFailures] = useState<ReadonlyMap<string, Failure>>(() => new Map());
  const queries = useFailingQueries(watchQueries);
  const fetching = useIsFetching() > 0;

  const api = useMemo<OutageApi>(
    () => ({
      report: (id, failure) => setFailures((m) => new Map(m).set(id, failure)),
      withdraw: (id) =>
        setFailures((m) => {
          if (!m.has(id)) return m;
          const next = new Map(m);
          next.delete(id);
          return next;
        }),
    }),
    [],
  );

  const failuresRef = useRef(failures);
  useEffect(() => {
    failuresRef.current = failures;
  }, [failures]);

  const heal = useCallback(() => {
    const failedAgain = (id: string, f: Failure) => setFailures((m) => (m.get(id) === f ? new Map(m).set(id, { ...f, at: Date.now() }) : m));
    // The panels' own retries first, so the sweep below joins their fetches rather than starting second ones.
    for (const [id, f] of failuresRef.current) {
      try {
        // A retry that says it failed (a promise that rejects) counts as a new failure now.
        const outcome = f.retry();
        if (outcome instanceof Promise) outcome.catch(() => failedAgain(id, f));
      } catch {
        failedAgain(id, f);
      }
    }
    if (watchQueries) {
      void client.refetchQueries({ type: "active", predicate: failing }, { cancelRefetch: false, throwOnError: false });
    }
  }, [client, watchQueries]);

  const [clock] = useState(() => new HealClock());
  useEffect(() => clock.setHeal(heal), [clock, heal]);
  useEffect(() => {
    clock.start();
    return () => clock.stop();
  }, [clock]);

  const current = pick(failures.values(), queries);
  const isFailing = failures.size > 0 || queries.count > 0;
  useEffect(() => {
    clock.update({ failing: isFailing, lastFailureAt: current.at, retryAfterSeconds: current.retryAfter, notBefore: current.notBefore, fetching, error: current.error });
  }, [clock, isFailing, current.at, current.retryAfter, current.notBefore, current.error, fetching]);

  const snapshot = useSyncExternalStore(clock.subscribe, clock.getSnapshot, clock.getServerSnapshot);
  return (
    <OutageContext.Provider value={api}>
      <OutageLeadContext.Provider value={failures.keys().next().value ?? null}>
        {snapshot.phase !== "idle" && <OutageBanner snapshot={snapshot} message={message} onTryNow={clock.tryNow} className={className} />}
        {children}
      </OutageLeadContext.Provider>
    </OutageContext.Provider>
  );
}

const RETRY_SUFFIX = /\s*(Следующая попытка через|Next attempt in) \d+ (с|s)\.?$/;

export function OutageBanner({
  snapshot,
  message,
  onTryNow,
  className,
}: {
  snapshot: HealSnapshot;
  message?: string;
  onTryNow: () => void;
  className?: string;
}) {
  const t = useTranslations("common.outage");
  const format = useFormatter();
  const errorText = useErrorText();
  // The server's message may end with its own "next attempt in N s"; the countdown beside it says that, live.
  const text = (message ?? (snapshot.error ? errorText(snapshot.error) : t("title"))).replace(RETRY_SUFFIX, "");
  return (
    <section
      data-outage={snapshot.phase}
      aria-label={t("label")}
      className={cn(
        "mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
        className,
      )}
    >
      {/* Only the text is announced: the countdown changes every second. */}
      <p role="alert" className="font-medium">
        {text}
      </p>
      <p data-outage-countdown>
        {snapshot.phase === "waiting"
          ? // A long wait (the hour's budget) reads better as a time than as thousands of seconds.
            snapshot.secondsLeft > 90
            ? t("nextAt", { time: format.dateTime(new Date(snapshot.nextAt), { timeStyle: "short" }) })
            : t("nextIn", { seconds: snapshot.secondsLeft })
          : snapshot.phase === "checking"
            ? t("checking")
            : t("offline")}
      </p>
      <Button size="sm" onClick={onTryNow}>
        {t("tryNow")}
      </Button>
    </section>
  );
}

/**
 * Tells the page's outage about one failure while mounted (and withdraws it
 * when unmounted: the panel healed, or went away). `quiet` renders the
 * panel's placeholder; without it, nothing.
 */
export function ReportFailure({ error, retry, quiet = false }: { error: unknown; retry: () => unknown; quiet?: boolean }) {
  const t = useTranslations("common.outage");
  const outage = useOutage();
  const lead = useContext(OutageLeadContext);
  const id = useId();
  const retryRef = useRef(retry);
  useEffect(() => {
    retryRef.current = retry;
  }, [retry]);
  useEffect(() => {
    if (!outage) return;
    outage.report(id, { error, retry: () => retryRef.current(), at: Date.now() });
    return () => outage.withdraw(id);
  }, [outage, id, error]);
  if (!quiet) return null;
  // One panel says the whole sentence; eight panels saying it eight times tell nothing more.
  if (lead !== null && lead !== id) {
    return (
      <p data-outage-placeholder="short" className="text-sm text-zinc-700 dark:text-zinc-300">
        {t("panelShort")}
      </p>
    );
  }
  return (
    <p data-outage-placeholder className="text-sm text-zinc-700 dark:text-zinc-300">
      {t("panel")}
    </p>
  );
}

/**
 * A failure healing on its own clock, banner included, where no page-level
 * outage is around (or where it must stand alone, like a page that failed to
 * render at all).
 */
export function SelfHealing({ error, retry, message, className }: { error: unknown; retry: () => unknown; message?: string; className?: string }) {
  return (
    <OutageProvider watchQueries={false} message={message} className={className}>
      <ReportFailure error={error} retry={retry} />
    </OutageProvider>
  );
}
