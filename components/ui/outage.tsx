"use client";

import { focusManager, hashKey, onlineManager, useQuery, useQueryClient, type Query, type QueryCache } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { createContext, useContext, useEffect, useId, useMemo, useReducer, useRef, useSyncExternalStore, type ReactNode } from "react";
import { isNetworkFailure } from "@/lib/queries/fetch-json";
import { isTransientError, isWoken, nextAttemptAt, retryNow } from "@/lib/queries/retry";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { useErrorText } from "./error-text";

/**
 * One banner per page for failures that heal by themselves. React Query does the healing
 * (lib/queries/retry.ts): it retries a transient failure on its backoff and pauses while the
 * browser is offline. The banner only reads its cache: the queries on screen between two attempts,
 * the nearest next attempt, what failed. Panels keep their skeleton or their data meanwhile; a 4xx
 * is not retried and stays in its panel.
 */
const PageBanner = createContext(false);

type Phase = "idle" | "waiting" | "checking" | "offline";
/** `nextAts`: each failing query's next attempt (0: one is out now); `at`: when this was read. */
type Healing = { nextAts: readonly number[]; online: boolean; error: unknown; message?: string; at: number };
const IDLE: Healing = { nextAts: [], online: true, error: null, at: 0 };

/**
 * A query someone waits for (on screen, or a panel suspended on its first load) whose fetch is between
 * attempts of a transient failure (or a `SelfHealing`'s), or paused while the browser is offline.
 */
function healing(q: Query): boolean {
  if (q.state.fetchStatus === "idle" || !(q.isActive() || q.state.status === "pending")) return false;
  const failed = q.state.fetchFailureCount > 0 && (q.meta?.heals === true || isTransientError(q.state.fetchFailureReason));
  return failed || isWoken(q) || q.state.fetchStatus === "paused";
}

function healingStore(cache: QueryCache, only?: string) {
  let last = IDLE;
  const subscribe = (onChange: () => void) => {
    const stops = [cache.subscribe(onChange), onlineManager.subscribe(onChange)];
    return () => stops.forEach((stop) => stop());
  };
  const get = (): Healing => {
    const nextAts: number[] = [];
    let { error, message } = IDLE as Healing;
    for (const q of cache.getAll()) {
      if ((only && q.queryHash !== only) || !healing(q)) continue;
      nextAts.push(nextAttemptAt(q) ?? 0);
      // The network first (it explains the rest), else any other failure; a page's own words instead when it gave some.
      const reason = q.state.fetchFailureReason;
      if (reason !== null && !isNetworkFailure(error)) error = reason;
      message ??= q.meta?.message as string | undefined;
    }
    const same = nextAts.length === last.nextAts.length && nextAts.every((at, i) => at === last.nextAts[i]);
    const online = onlineManager.isOnline();
    if (same && online === last.online && error === last.error && message === last.message) return last;
    last = nextAts.length === 0 ? IDLE : { nextAts, online, error, message, at: Date.now() };
    return last;
  };
  return { subscribe, get };
}

/** The banner's state: from the query cache (all of it, or one query) and the browser's network. */
function useHealing(only?: string): Healing {
  const cache = useQueryClient().getQueryCache();
  const store = useMemo(() => healingStore(cache, only), [cache, only]);
  return useSyncExternalStore(store.subscribe, store.get, () => IDLE);
}

/** The page's one banner, above its panels (the app layout places it). */
export function OutageProvider({ children }: { children?: ReactNode }) {
  return (
    <PageBanner.Provider value={true}>
      <Banner />
      {children}
    </PageBanner.Provider>
  );
}

function Banner({ only, className }: { only?: string; className?: string }) {
  const client = useQueryClient();
  const state = useHealing(only);
  // Now: when the cache last changed, or the countdown's latest tick.
  const [tickedAt, tick] = useReducer(() => Date.now(), 0);
  const now = Math.max(state.at, tickedAt);
  const shown = state.nextAts.length > 0;
  // The nearest attempt still to come; when every one is due or out, the page is checking.
  const nextAt = Math.min(Infinity, ...state.nextAts.filter((at) => at > now));
  // Paused while online: the tab was hidden and React Query goes on as it is shown.
  const phase: Phase = !shown ? "idle" : !state.online ? "offline" : nextAt < Infinity ? "waiting" : "checking";
  const secondsLeft = Math.max(0, Math.ceil((nextAt - now) / 1000));

  // Redraw when the countdown's second changes, and when the attempt falls due.
  useEffect(() => {
    if (phase !== "waiting") return;
    const timer = setTimeout(tick, Math.max(1, nextAt - Date.now() - (secondsLeft - 1) * 1000));
    return () => clearTimeout(timer);
  }, [phase, secondsLeft, nextAt, tickedAt]);

  // React Query's retry sleeps through focus and the network's return: those cut the wait short here.
  useEffect(() => {
    if (!shown) return;
    const wake = () => retryNow(client, { only, keepRetryAfter: true });
    const stops = [focusManager.subscribe((focused) => focused && wake()), onlineManager.subscribe((online) => online && wake())];
    window.addEventListener("focus", wake);
    return () => {
      stops.forEach((stop) => stop());
      window.removeEventListener("focus", wake);
    };
  }, [client, only, shown]);

  if (phase === "idle") return null;
  return (
    <OutageBanner
      phase={phase}
      secondsLeft={secondsLeft}
      nextAt={nextAt}
      error={state.error}
      message={state.message}
      onTryNow={() => retryNow(client, { only })}
      className={className}
    />
  );
}

const RETRY_SUFFIX = /\s*(Следующая попытка через|Next attempt in) \d+ (с|s)\.?$/;

export function OutageBanner({
  phase,
  secondsLeft,
  nextAt,
  error,
  message,
  onTryNow,
  className,
}: {
  phase: Exclude<Phase, "idle">;
  secondsLeft: number;
  nextAt: number;
  error: unknown;
  message?: string;
  onTryNow: () => void;
  className?: string;
}) {
  const t = useTranslations("common.outage");
  const format = useFormatter();
  const errorText = useErrorText();
  // The server's message may end with its own "next attempt in N s"; the countdown beside it says that, live.
  const text = (message ?? (error ? errorText(error) : t("title"))).replace(RETRY_SUFFIX, "");
  return (
    <section
      data-outage={phase}
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
        {phase === "waiting"
          ? // A long wait (the hour's budget) reads better as a time than as thousands of seconds.
            secondsLeft > 90
            ? t("nextAt", { time: format.dateTime(new Date(nextAt), { timeStyle: "short" }) })
            : t("nextIn", { seconds: secondsLeft })
          : phase === "checking"
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
 * A failure outside the query cache (a page that failed to render, a panel whose query gave up) heals
 * the same way: its retry runs as a query, so React Query paces it and the page's banner counts it
 * down. The failure that brought it here counts as the first attempt. Where no page banner is around,
 * it shows its own; on a page, `quiet` leaves the panel's placeholder in its place.
 */
export function SelfHealing({ error, retry, message, quiet = false, className }: { error: unknown; retry: () => unknown; message?: string; quiet?: boolean; className?: string }) {
  const t = useTranslations("common.outage");
  const onPage = useContext(PageBanner);
  // A new failure (the panel's own retry gave up again) starts its own schedule.
  const queryKey = ["healing", useId(), failureId(error)];
  const thrown = useRef<unknown>(undefined);
  useQuery({
    queryKey,
    queryFn: async () => {
      if (thrown.current !== error) {
        thrown.current = error;
        throw error;
      }
      await retry();
      return true;
    },
    retry: (_, e) => e === error || isTransientError(e),
    gcTime: 0,
    meta: { heals: true, message },
  });
  return (
    <>
      {!onPage && <Banner only={hashKey(queryKey)} className={className} />}
      {quiet && onPage && (
        <p data-outage-placeholder className="text-sm text-zinc-700 dark:text-zinc-300">
          {t("panel")}
        </p>
      )}
    </>
  );
}

const failureIds = new WeakMap<object, number>();
let failures = 0;
function failureId(error: unknown): number | string {
  if (typeof error !== "object" || error === null) return String(error);
  const known = failureIds.get(error);
  if (known !== undefined) return known;
  failureIds.set(error, ++failures);
  return failures;
}
