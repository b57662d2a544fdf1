import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { envelopeProblem, rawRequest, SECURITY_HEADERS, type Answer } from "./edge-client";
import { expect, test } from "./fixtures";
import { signIn } from "./own-sign-in";

/*
 * Seeded fuzzing of every route, signed out and signed in, against the
 * production server. Whatever comes in, every error under /api and every
 * refusal of the edge is the JSON envelope with the security headers, every
 * answer carries those headers, and no 5xx goes out except a 503 that says
 * when to come back. FUZZ_SEED and FUZZ_COUNT reproduce or widen a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 1200);
/**
 * Requests in flight at once. The requests are drawn from the seed in order first, so a seed names the
 * same requests at any concurrency; only the order in which they reach the server differs. One at a time
 * the fuzz took 159 s of a lane, mostly waiting on one answer at a time.
 */
const CONCURRENCY = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 4) || 4);

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]!, chance: (p: number) => next() < p };
}

/** Every route of the app, from the file tree, with [param] segments as {param}. */
function routesUnder(dir: string, file: RegExp): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (file.test(name)) {
        const route = `/${relative("app", d)}`.replace(/\/\([^)]+\)/g, "").replace(/\[\.\.\.(\w+)\]/g, "{$1*}").replace(/\[(\w+)\]/g, "{$1}");
        out.push(route === "/" ? "/" : route.replace(/\/$/, ""));
      }
    }
  };
  walk(dir);
  return out.sort();
}

const API_ROUTES = routesUnder("app/api", /^route\.ts$/);
const PAGES = routesUnder("app", /^page\.tsx$/);

// Posts 1001+, campaigns 101–111, projects 1–4 exist in the simulator's world; the rest are odd on purpose.
const READ_IDS = ["1", "2", "101", "105", "111", "1001", "1005", "1042", "0", "-1", "abc", "1.5", "1e3", "9007199254740993", "99999999999999999999", "%00", "%2e%2e", "１２", " 1", "0x10"];
// Writes that could succeed use ids that do not exist, so the fuzz never decides a real post.
const WRITE_IDS = ["9000001", "9000002", "0", "-5", "abc", "9007199254740993", "%2e%2e", "1e3"];
const AUTH_ACTIONS = ["signin", "signout", "session", "csrf", "providers", "callback/credentials", "callback/oidc", "signin/credentials", "error", "_log", "verify-request", "nope", "callback", "..", "%2e%2e/session"];
const METHODS = ["GET", "GET", "GET", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const ODD_METHODS = ["TRACE", "TRACK", "PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH", "REPORT", "COPY", "MOVE", "FROB", "get"];
const CONTENT_TYPES = ["application/json", "application/json; charset=utf-16", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/vnd.api+json", ";;;", "application/json; charset=\"x", ""];
const QUERIES = ["", "?limit=1", "?limit=-1", "?limit=abc&offset=9999999999999", "?status=NOPE", "?status=WAITING_APPROVAL,PUBLISHED", "?sort=publish_at", "?sort=%00", "?since=2025-01-01", "?email=admin@example.com", "?q=%zz", "?a=1&a=2&a=3", `?x=${"y".repeat(3000)}`, "?callbackUrl=//evil.example", "?__proto__[x]=1", "?constructor=1"];

function body(r: ReturnType<typeof prng>, big: boolean): Buffer | string | undefined {
  if (big) return Buffer.alloc(r.pick([1_100_000, 1_600_000, 2_500_000]), r.pick([0x7b, 0x61, 0x00]));
  switch (r.int(14)) {
    case 0: return undefined;
    case 1: return "{";
    case 2: return "null";
    case 3: return "[]";
    case 4: return JSON.stringify({ reason: "x".repeat(r.int(5000)), version: r.int(10), ids: [9000001, 9000002] });
    case 5: return JSON.stringify({ action: r.pick(["approve", "reject", "nope"]), post_ids: Array.from({ length: r.int(600) }, (_, i) => 9000000 + i), reason: "fuzz" });
    case 6: return `${"[".repeat(5000)}${"]".repeat(5000)}`;
    case 7: return JSON.stringify({ email: `fuzz-${r.int(1e6)}@example.invalid`, password: "x", csrfToken: "forged", json: "true" });
    case 8: return `email=${encodeURIComponent(`fuzz${r.int(99)}@example.invalid`)}&password=x&csrfToken=forged&callbackUrl=%2F%2Fevil.example`;
    case 9: return Buffer.from(Array.from({ length: r.int(4096) }, () => r.int(256)));
    case 10: return '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}';
    case 11: return "\uFEFF{\"reason\":\"\uD800\"}";
    case 12: return `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin@example.com\r\n--x--\r\n`;
    default: return JSON.stringify({ reason: r.pick(["", " ", "<script>alert(1)</script>", "'; drop table audit; --", "\u202e"]), version: r.pick([1, -1, "1", null, 1e308]) });
  }
}

function spoofedHeaders(r: ReturnType<typeof prng>, baseURL: string): Record<string, string> {
  const h: Record<string, string> = {};
  if (r.chance(0.3)) h["X-Forwarded-For"] = r.pick(["203.0.113.9", "1.1.1.1, 203.0.113.9", "not-an-ip", "::1", "127.0.0.1, 10.0.0.1".repeat(40)]);
  if (r.chance(0.1)) h["X-Real-IP"] = "203.0.113.7";
  if (r.chance(0.1)) h["Forwarded"] = "for=203.0.113.5;proto=https;host=evil.example";
  if (r.chance(0.1)) h["X-Forwarded-Host"] = "evil.example";
  if (r.chance(0.1)) h["X-Forwarded-Proto"] = r.pick(["https", "gopher"]);
  if (r.chance(0.4)) h["Origin"] = r.pick([baseURL, baseURL, "https://evil.example", "null"]);
  if (r.chance(0.1)) h["Referer"] = "https://evil.example/x";
  if (r.chance(0.1)) h["X-Priority"] = r.pick(["background", "x".repeat(300)]);
  if (r.chance(0.1)) h["X-Request-Id"] = r.pick(["../../etc", "a".repeat(200), "ok-request-id-1"]);
  if (r.chance(0.1)) h["Accept"] = r.pick(["text/html", "*/*", "text/x-component"]);
  if (r.chance(0.15)) h["RSC"] = "1";
  if (r.chance(0.05)) h["Next-Router-State-Tree"] = r.pick(["%7B%7D", "not json", "[]"]);
  if (r.chance(0.05)) h["Next-Action"] = r.pick(["x", "0".repeat(40)]);
  if (r.chance(0.05)) h["Range"] = "bytes=0-1";
  if (r.chance(0.05)) h["Content-Encoding"] = "gzip";
  if (r.chance(0.05)) h["If-None-Match"] = '"x"';
  if (r.chance(0.05)) h["X-Middleware-Subrequest"] = "proxy:proxy:proxy:proxy:proxy";
  if (r.chance(0.05)) h["Authorization"] = r.pick(["Bearer e2e-metrics-token-0123456789", "Bearer x", "Basic YTpi"]);
  return h;
}

function forgedCookie(r: ReturnType<typeof prng>): string {
  return r.pick([
    "next-auth.session-token=garbage",
    "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z",
    `next-auth.session-token=${"a".repeat(4000)}`,
    "next-auth.csrf-token=forged%7Cforged; next-auth.callback-url=https%3A%2F%2Fevil.example",
    "NEXT_LOCALE=../../etc/passwd",
    "NEXT_LOCALE=en; theme=<script>",
  ]);
}

// Raw requests: the bytes no HTTP client would send.
const RAW_TARGETS = ["/api/%", "/api/%zz", "/api/posts/%E0%A4%A", "/campaigns/%C0%AF", "/%", "/login%", "/_next/static/%ff", "/api/posts/1%00", "*", "http://evil.example/api/health", "//evil.example/", "/api/../../etc/passwd", "/api/posts/..%2f..%2fhealth", "/api\\health", "/api/пост", "/api/health?%", `/api/posts?${"q".repeat(9000)}`];

type Sent = { method: string; path: string; who: string; kind: string };

test("1,000+ seeded requests over every route: errors in the envelope, security headers, no unexplained 5xx", async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  const base = baseURL ?? "";
  const r = prng(SEED);
  expect(API_ROUTES.length).toBeGreaterThan(20);
  expect(API_ROUTES).toContain("/api/posts/{id}/approve");
  expect(PAGES).toContain("/campaigns/{id}/queue");

  const who: Record<string, APIRequestContext> = { "signed out": await playwrightRequest.newContext({ baseURL: base }) };
  const cookies: Record<string, string> = { "signed out": "" };
  for (const role of ["editor", "admin"] as const) {
    const state = await signIn(browser, base, role);
    who[role] = await playwrightRequest.newContext({ baseURL: base, storageState: state });
    cookies[role] = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  }

  const problems: string[] = [];
  const statuses = new Map<number, number>();
  const kinds = new Map<string, number>();
  const covered = new Set<string>();
  const check = (sent: Sent, a: Answer) => {
    statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const label = `${sent.kind} ${sent.method} ${sent.path.slice(0, 120)} (${sent.who}) → ${a.status}`;
    const missing = SECURITY_HEADERS.filter((h) => !a.headers[h]);
    if (missing.length) problems.push(`${label}: missing ${missing.join(", ")}`);
    if (a.status >= 500 && !(a.status === 503 && /^\d+$/.test(a.headers["retry-after"] ?? ""))) problems.push(`${label}: 5xx`);
    // What the server was asked for: the client resolves `..` and `.` segments before sending (raw requests excepted).
    const asked = sent.kind === "raw" ? sent.path : new URL(sent.path, "http://x").pathname;
    const api = /^\/api(\/|$|\?)/.test(asked);
    // Pages answer their own 404 page; everything else at 4xx/5xx, and every edge refusal, is the envelope.
    const edgeRefusal = [400, 405, 408, 413, 414, 431].includes(a.status);
    if ((api && a.status >= 400) || edgeRefusal) {
      const problem = envelopeProblem(a, sent.method);
      if (problem) problems.push(`${label}: ${problem}`);
    }
  };

  const fill = (template: string, ids: readonly string[]) =>
    template
      .replace("{nextauth*}", () => r.pick(AUTH_ACTIONS))
      .replace("{path*}", () => Array.from({ length: 1 + r.int(4) }, () => r.pick(["x", "nope", "campaigns", "..", "%2e", "v1", "__proto__", "💥", "a".repeat(r.int(300))])).join("/"))
      .replace(/\{\w+\}/g, () => r.pick(ids));

  // Drawn in order from the seed, sent CONCURRENCY at a time below.
  const sends: (() => Promise<void>)[] = [];
  for (let i = 0; i < COUNT; i++) {
    const roll = r.next();
    const whoName = r.pick(["signed out", "signed out", "editor", "admin", "forged"]);
    const context = who[whoName === "forged" ? "signed out" : whoName]!;
    if (roll < 0.14) {
      // Malformed request lines, paths and escapes, CONNECT, oversized headers: raw bytes.
      const choice = r.int(RAW_TARGETS.length + 4);
      const cookie = whoName === "forged" ? forgedCookie(r) : (cookies[whoName] ?? "");
      const cookieLine = cookie ? `Cookie: ${cookie}\r\n` : "";
      let method = r.pick(["GET", "POST", "HEAD", "TRACE"]);
      let path = RAW_TARGETS[choice] ?? "/api/health";
      let head = `${method} ${path} HTTP/1.1\r\nHost: x\r\n${cookieLine}Content-Length: 0\r\nConnection: close\r\n\r\n`;
      if (choice === RAW_TARGETS.length) {
        method = "CONNECT";
        head = "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n";
      } else if (choice > RAW_TARGETS.length) {
        path = "/api/health";
        method = choice === RAW_TARGETS.length + 3 ? r.pick(["FROB", "G@T", "BREW"]) : "GET";
        const extra = choice === RAW_TARGETS.length + 1 ? `X-Big: ${"b".repeat(20_000)}\r\n` : choice === RAW_TARGETS.length + 2 ? "Bad Header Line\r\n" : "";
        head = `${method} ${path} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`;
      }
      kinds.set("raw", (kinds.get("raw") ?? 0) + 1);
      const sent: Sent = { method, path: path.startsWith("/") ? path : "/api/(raw)", who: whoName, kind: "raw" };
      sends.push(async () => check(sent, await rawRequest(base, head)));
      continue;
    }

    let kind: string;
    let method: string;
    let path: string;
    let data: Buffer | string | undefined;
    if (roll < 0.3) {
      kind = "page";
      method = r.pick(["GET", "GET", "HEAD", "POST", "OPTIONS", "DELETE"]);
      const template = r.pick(PAGES);
      covered.add(template);
      path = fill(template, READ_IDS) + r.pick(["", "", "?tab=x", "?callbackUrl=%2F%2Fevil.example", "?_rsc=1", `?x=${"z".repeat(2000)}`]);
      data = method === "POST" ? body(r, false) : undefined;
    } else {
      const template = r.pick(API_ROUTES);
      covered.add(template);
      const odd = roll > 0.9;
      const big = !odd && roll > 0.86;
      kind = odd ? "odd method" : big ? "big body" : "api";
      method = odd ? r.pick(ODD_METHODS) : r.pick(METHODS);
      const write = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
      path = fill(template, write ? WRITE_IDS : READ_IDS) + (r.chance(0.4) ? r.pick(QUERIES) : "");
      data = big || write || r.chance(0.1) ? body(r, big) : undefined;
    }
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const headers = spoofedHeaders(r, base);
    if (data !== undefined && r.chance(0.85)) headers["Content-Type"] = r.pick(CONTENT_TYPES);
    if (whoName === "forged") headers["Cookie"] = forgedCookie(r);
    const sent: Sent = { method, path, who: whoName, kind };
    if (path.startsWith("/api/events") && (method === "GET" || method === "HEAD")) {
      // The event stream stays open: read its answer's head over a raw socket instead of waiting for an end.
      const cookie = whoName === "forged" ? headers["Cookie"] : cookies[whoName];
      const lines = Object.entries({ ...headers, ...(cookie ? { Cookie: cookie } : {}) }).map(([k, v]) => `${k}: ${v}\r\n`).join("");
      sends.push(async () => check(sent, await rawRequest(base, `${method} ${path} HTTP/1.1\r\nHost: x\r\n${lines}Connection: close\r\n\r\n`)));
      continue;
    }
    sends.push(async () => {
      try {
        const response = await context.fetch(path, { method, headers, data, failOnStatusCode: false, maxRedirects: 0, timeout: 30_000 });
        check(sent, { status: response.status(), headers: response.headers(), body: method === "HEAD" ? "" : (await response.body()).toString("utf8") });
      } catch (e) {
        problems.push(`${kind} ${method} ${path.slice(0, 120)} (${whoName}): no answer: ${String(e).split("\n")[0]}`);
      }
    });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < sends.length) await sends[next++]!();
    }),
  );

  // One 40 MB sign-in, as in the attack that took the server down: refused, fast, in the envelope.
  const started = Date.now();
  const huge = await rawRequest(base, "POST /api/auth/callback/credentials HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 40000000\r\nConnection: close\r\n\r\n", Buffer.alloc(40_000_000, 0x61));
  check({ method: "POST", path: "/api/auth/callback/credentials", who: "signed out", kind: "40 MB" }, huge);
  expect(huge.status).toBe(413);
  expect(Date.now() - started).toBeLessThan(5_000);

  for (const context of Object.values(who)) await context.dispose();
  const summary = {
    seed: SEED,
    requests: COUNT + 1,
    kinds: Object.fromEntries(kinds),
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    problems: problems.length,
  };
  console.log(`fuzz: ${JSON.stringify(summary)}`);
  test.info().annotations.push({ type: "fuzz", description: JSON.stringify(summary) });
  expect([...API_ROUTES, ...PAGES].filter((route) => !covered.has(route)), "routes never requested").toEqual([]);
  expect(problems.slice(0, 40), `${problems.length} answers outside the rules`).toEqual([]);
});
