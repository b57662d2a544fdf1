/**
 * Memory under a burst: `npx tsx bench/memory-burst.ts` (needs a production
 * build in NEXT_DIST_DIR, default .next). Starts a simulator and one instance
 * (server.mjs, embedded mode, demo sign-ins), holds 100 slow clients open
 * (50 trickling their headers, 50 signed-in readers that read nothing), fires
 * 6,000 mixed requests 50 at a time (signed-in pages and API reads, signed-out
 * pages, API calls and sign-in posts, unknown paths), and prints the server's
 * resident memory (VmRSS of its process): at rest, peak, and 10 s after.
 *
 * BENCH_NODE_OPTIONS passes flags to the server's node (e.g. to compare heap
 * settings); by default the server runs as `npm start` runs it.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { freePort } from "../test/servers/free-port";
import { spawnServer } from "../test/servers/process";

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 6_000);
const CONCURRENCY = 50;
const SLOW = 100;
const API_KEY = "bench-memory-key";

/** The process's resident set in MB; NaN once it is gone. */
function rssMb(pid: number): number {
  let status = "";
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return Number.NaN;
  }
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

async function signIn(base: string, email: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie: jar.join("; "), Origin: base },
    body: new URLSearchParams({ csrfToken, email, password: "demo", callbackUrl: "/", json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.includes("session-token"))?.split(";")[0];
  if (!session) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return session;
}

type Call = { kind: string; path: string; cookie?: string; method?: string; body?: string; type?: string };

function mix(cookies: string[], campaign: number, posts: number[]): Call[] {
  // Spread over each list by the request's turn within its kind (i itself fixes the kind).
  const pick = <T>(xs: T[], i: number) => xs[Math.floor(i / 10) % xs.length]!;
  const calls: Call[] = [];
  for (let i = 0; i < TOTAL; i++) {
    const cookie = pick(cookies, i);
    const post = pick(posts, i);
    const rand = randomBytes(6).toString("hex");
    const kinds: Call[] = [
      { kind: "page (signed in)", path: pick(["/", "/campaigns", "/inbox", `/campaigns/${campaign}/queue`, `/posts/${post}`], i), cookie },
      { kind: "api (signed in)", path: pick([`/api/campaigns/${campaign}/posts?limit=20`, `/api/posts/${post}`, "/api/inbox", "/api/campaigns", "/api/account"], i), cookie },
      { kind: "page (signed out)", path: pick(["/", "/campaigns", `/posts/${post}`, "/login", `/campaigns/${rand}`], i) },
      { kind: "api (signed out)", path: pick(["/api/campaigns", `/api/posts/${post}`, "/api/auth/session", "/api/auth/csrf", "/api/account"], i) },
      {
        kind: "sign-in post (signed out)",
        path: "/api/auth/callback/credentials",
        method: "POST",
        type: "application/x-www-form-urlencoded",
        body: new URLSearchParams({ email: `nobody${i}@example.com`, password: "x", csrfToken: rand, json: "true" }).toString(),
      },
      { kind: "unknown path", path: pick([`/${rand}`, `/api/${rand}`, `/_next/static/${rand}.js`, `/posts/${rand}?q=${"x".repeat(200)}`], i) },
    ];
    // Half signed-in, half signed-out traffic, as in the attack.
    const weights = [3, 2, 2, 1, 1, 1];
    let r = i % weights.reduce((a, b) => a + b, 0);
    let k = 0;
    while (r >= weights[k]!) r -= weights[k++]!;
    calls.push(kinds[k]!);
  }
  return calls;
}

/** Slow clients: half send their request head a line every 2 s, half ask for a page and read nothing. */
function slowClients(port: number, cookie: string, campaign: number): Socket[] {
  const sockets: Socket[] = [];
  for (let i = 0; i < SLOW; i++) {
    const s = connect(port, "127.0.0.1");
    s.on("error", () => undefined);
    if (i % 2 === 0) {
      s.write("GET /campaigns HTTP/1.1\r\nHost: x\r\n");
      const timer = setInterval(() => s.writable && s.write(`X-Slow-${Date.now()}: 1\r\n`), 2_000);
      s.on("close", () => clearInterval(timer));
    } else {
      s.write(`GET /campaigns/${campaign}/queue HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`);
      s.pause();
    }
    sockets.push(s);
  }
  return sockets;
}

async function main() {
  const simPort = await freePort();
  const simURL = `http://127.0.0.1:${simPort}`;
  const sim = await spawnServer("simulator", "npx", ["tsx", "simulator/main.ts"], async () => (await fetch(`${simURL}/api/v1/ext/account/`)).status < 500, {
    env: { ...process.env, SIMULATOR_PORT: String(simPort), SIMULATOR_API_KEY: API_KEY, SIMULATOR_LIMITS: "off", SIMULATOR_TIME_SCALE: "0" },
    timeoutMs: 60_000,
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean);
  const app = await spawnServer("dashboard", "node", [...nodeArgs, "server.mjs"], async () => (await fetch(`${base}/api/health`)).status < 500, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      UPSTREAM_BASE_URL: simURL,
      UPSTREAM_API_KEY: API_KEY,
      NEXTAUTH_URL: base,
      NEXTAUTH_SECRET: randomBytes(24).toString("hex"),
      DATABASE_URL: `file:/tmp/bench-memory-${Date.now()}.db`,
      DEMO: "1",
      LOG_LEVEL: "error",
      BUDGET_READS_PER_MINUTE: "100000",
      BUDGET_WRITES_PER_MINUTE: "10000",
      BUDGET_REQUESTS_PER_HOUR: "1000000",
    },
    timeoutMs: 90_000,
  });
  const pid = app.child.pid!;
  const sockets: Socket[] = [];
  try {
    const cookies = await Promise.all(["editor", "reviewer", "manager", "admin"].map((r) => signIn(base, `${r}@example.com`)));
    const headers = { cookie: cookies[0]! };
    const campaigns = (await (await fetch(`${base}/api/campaigns`, { headers })).json()) as { data: { campaigns: { id: number }[] } };
    const campaign = campaigns.data.campaigns[0]?.id ?? 1;
    const list = (await (await fetch(`${base}/api/campaigns/${campaign}/posts?limit=20`, { headers })).json()) as { data: { posts: { task_id: number }[] } };
    const posts = list.data.posts.map((p) => p.task_id);
    const calls = mix(cookies, campaign, posts.length ? posts : [1]);
    // Warm-up: every kind once, so first-use compilation is not counted as the burst's.
    for (const c of calls.slice(0, 40)) await send(base, c);
    await new Promise((r) => setTimeout(r, 3_000));
    const rest = rssMb(pid);

    let peak = rest;
    const sampler = setInterval(() => {
      const now = rssMb(pid);
      if (now >= 0) peak = Math.max(peak, now);
    }, 50);
    sockets.push(...slowClients(port, cookies[0]!, campaign));
    const statuses = new Map<string, Map<number | string, number>>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < calls.length) {
          const call = calls[next++]!;
          const status = await send(base, call);
          const byKind = statuses.get(call.kind) ?? new Map<number | string, number>();
          byKind.set(status, (byKind.get(status) ?? 0) + 1);
          statuses.set(call.kind, byKind);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (app.child.exitCode !== null || app.child.signalCode !== null) console.log(`the server died during the burst:\n${app.output()}`);
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 10_000));
    clearInterval(sampler);
    const after = rssMb(pid);

    console.log(`memory-burst: ${calls.length} requests (${CONCURRENCY} at a time) and ${SLOW} slow clients in ${seconds.toFixed(1)} s`);
    for (const [kind, byStatus] of statuses) console.log(`  ${kind.padEnd(26)} ${[...byStatus].map(([s, n]) => `${s}×${n}`).join(" ")}`);
    console.log(`  server flags: ${nodeArgs.join(" ") || "(none)"}`);
    console.log(`RSS at rest ${rest} MB, peak ${peak} MB, 10 s after ${after} MB`);
  } finally {
    for (const s of sockets) s.destroy();
    await app.stop();
    await sim.stop();
  }
}

async function send(base: string, c: Call): Promise<number | string> {
  try {
    const res = await fetch(base + c.path, {
      method: c.method ?? "GET",
      redirect: "manual",
      headers: { ...(c.cookie ? { cookie: c.cookie } : {}), ...(c.type ? { "Content-Type": c.type, Origin: base } : {}) },
      body: c.body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch (e) {
    return e instanceof Error ? (e.cause as { code?: string } | undefined)?.code ?? e.message : String(e);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
