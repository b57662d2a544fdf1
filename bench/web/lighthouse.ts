// One Lighthouse 12 run of one page in a fresh Debian Chromium (chrome-launcher,
// no puppeteer), signed in through the Cookie header, and the figures and
// diagnostics read out of its report. Mobile uses Lighthouse's default profile
// (simulated slow 4G and a 4× slower CPU); desktop uses its desktop config.
import { gzipSync } from "node:zlib";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM, CHROMIUM_FLAGS } from "./session";

export type FormFactor = "mobile" | "desktop";

export type Script = { url: string; transfer: number; resource: number; gzip: number };
export type LongTask = { url: string; duration: number; startTime: number };
export type Shift = { selector: string; label: string; snippet: string; score: number; causes: string[] };

export type LhSummary = {
  url: string;
  formFactor: FormFactor;
  finalUrl: string;
  error: string | null;
  performance: number | null;
  accessibility: number | null;
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
  speedIndex: number | null;
  scripts: Script[];
  jsTransfer: number;
  jsGzip: number;
  longTasks: LongTask[];
  bootup: { url: string; total: number; scripting: number; parse: number }[];
  mainThread: { group: string; duration: number }[];
  shifts: Shift[];
  lcpElement: string | null;
  unusedJs: { url: string; wasted: number; total: number }[];
  failedA11y: string[];
  /**
   * Requests of the load the server answered with 5xx ("503 /api/campaigns?…"): a run
   * with one measured a page in its outage state, not the page (bench/web.ts prints them).
   */
  failedRequests: string[];
  /** Lighthouse's measure of the machine's speed at the run (higher is faster; a loaded machine scores low). */
  benchmarkIndex: number | null;
};

// The report is JSON; only the parts read here are typed.
type Audit = { score: number | null; numericValue?: number; details?: { type?: string; items?: unknown[] } };
type Lhr = {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, Audit | undefined>;
};
type Row = Record<string, unknown>;

const items = (lhr: Lhr, id: string): Row[] => (lhr.audits[id]?.details?.items ?? []) as Row[];
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const metric = (lhr: Lhr, id: string): number | null => lhr.audits[id]?.numericValue ?? null;
const score = (lhr: Lhr, id: string): number | null => {
  const s = lhr.categories[id]?.score;
  return s === null || s === undefined ? null : Math.round(s * 100);
};

type NodeValue = { selector?: string; nodeLabel?: string; snippet?: string };

/** The gzip size of each first-load script, fetched once per URL (chunks are immutable). */
const gzipCache = new Map<string, Promise<number>>();
function gzipSize(url: string): Promise<number> {
  let p = gzipCache.get(url);
  if (!p) {
    p = fetch(url)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status)))))
      .then((b) => gzipSync(Buffer.from(b), { level: 6 }).length)
      .catch(() => -1);
    gzipCache.set(url, p);
  }
  return p;
}

async function summarize(lhr: Lhr, url: string, formFactor: FormFactor): Promise<LhSummary> {
  const scripts = await Promise.all(
    items(lhr, "network-requests")
      .filter((r) => r.resourceType === "Script" && num(r.statusCode) < 400)
      .map(async (r) => ({ url: str(r.url), transfer: num(r.transferSize), resource: num(r.resourceSize), gzip: await gzipSize(str(r.url)) })),
  );
  const a11y = lhr.categories.accessibility;
  const failedA11y = a11y ? a11y.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id) : [];
  const lcpTable = (lhr.audits["largest-contentful-paint-element"]?.details?.items ?? []) as { items?: { node?: NodeValue }[] }[];
  const lcpNode = lcpTable[0]?.items?.[0]?.node;
  return {
    url,
    formFactor,
    finalUrl: lhr.finalDisplayedUrl ?? url,
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    fcp: metric(lhr, "first-contentful-paint"),
    lcp: metric(lhr, "largest-contentful-paint"),
    tbt: metric(lhr, "total-blocking-time"),
    cls: metric(lhr, "cumulative-layout-shift"),
    speedIndex: metric(lhr, "speed-index"),
    scripts,
    jsTransfer: scripts.reduce((s, x) => s + x.transfer, 0),
    jsGzip: scripts.reduce((s, x) => s + Math.max(0, x.gzip), 0),
    longTasks: items(lhr, "long-tasks").map((t) => ({ url: str(t.url), duration: num(t.duration), startTime: num(t.startTime) })),
    bootup: items(lhr, "bootup-time").map((b) => ({ url: str(b.url), total: num(b.total), scripting: num(b.scripting), parse: num(b.scriptParseCompile) })),
    mainThread: items(lhr, "mainthread-work-breakdown").map((m) => ({ group: str(m.groupLabel) || str(m.group), duration: num(m.duration) })),
    shifts: items(lhr, "layout-shifts").map((s) => {
      const node = (s.node ?? {}) as NodeValue;
      const sub = ((s.subItems as { items?: { cause?: unknown; extra?: NodeValue & { url?: string } }[] } | undefined)?.items ?? []).map(
        (i) => `${typeof i.cause === "string" ? i.cause : JSON.stringify(i.cause)}${i.extra ? ` (${i.extra.selector ?? i.extra.url ?? i.extra.snippet ?? ""})` : ""}`,
      );
      return { selector: node.selector ?? "", label: node.nodeLabel ?? "", snippet: node.snippet ?? "", score: num(s.score), causes: sub };
    }),
    lcpElement: lcpNode ? `${lcpNode.selector ?? ""} “${(lcpNode.nodeLabel ?? "").slice(0, 60)}”` : null,
    unusedJs: items(lhr, "unused-javascript").map((u) => ({ url: str(u.url), wasted: num(u.wastedBytes), total: num(u.totalBytes) })),
    failedA11y,
    failedRequests: items(lhr, "network-requests")
      .filter((r) => num(r.statusCode) >= 500)
      .map((r) => `${num(r.statusCode)} ${str(r.url).replace(/^https?:\/\/[^/]+/, "")}`),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

export type LhOptions = { formFactor: FormFactor; cookie?: string; categories: string[] };

// chrome-launcher starts Chrome in its own process group and stops it only on
// SIGINT: this one is also stopped on SIGTERM or any other exit of the script.
let running: LaunchedChrome | null = null;
export function stopLighthouseChrome(): void {
  try {
    running?.kill();
  } catch {
    /* already gone */
  }
  running = null;
}
process.on("exit", stopLighthouseChrome);

/** The run's figures, and its whole report (JSON) for a look in the Lighthouse viewer. */
export async function runLighthouse(url: string, o: LhOptions): Promise<{ summary: LhSummary; report: string }> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    logLevel: "silent",
  });
  running = chrome;
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: o.categories,
        extraHeaders: o.cookie ? { Cookie: o.cookie } : undefined,
        maxWaitForLoad: 60_000,
      },
      o.formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const report = typeof result.report === "string" ? result.report : JSON.stringify(result.lhr);
    return { summary: await summarize(result.lhr as unknown as Lhr, url, o.formFactor), report };
  } finally {
    stopLighthouseChrome();
  }
}

/** Of several runs of one page, the one with the median performance score (Lighthouse's own advice). */
export function medianRun(runs: LhSummary[]): LhSummary {
  const ok = runs.filter((r) => !r.error && r.performance !== null);
  const pool = ok.length > 0 ? ok : runs;
  const sorted = [...pool].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0) || (a.tbt ?? 0) - (b.tbt ?? 0));
  const mid = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!mid) throw new Error("no Lighthouse run");
  return mid;
}
