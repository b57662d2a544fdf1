/**
 * Production mode over real HTTP: `npx tsx bench/cluster.ts` (needs a production
 * build in NEXT_DIST_DIR, which `npm run bench` makes). Starts Redis, Postgres,
 * a simulator (limits on), two instances and a balancer (e2e/scale-out/cluster.ts),
 * plus one embedded instance (memory + SQLite) on the same simulator, and prints:
 * - cached GET p50/p99 through an instance in production mode vs the embedded one;
 * - a decision on instance A until the post is no longer waiting in B's answer (median of 20);
 * - a decision on instance A until its event arrives on an event stream open on B (median of 20).
 */
import { randomBytes } from "node:crypto";
import { startCluster } from "../e2e/scale-out/cluster";
import { freePort } from "../test/servers/free-port";
import { spawnServer } from "../test/servers/process";

type Session = { base: string; cookie: string; origin: string };

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
}

async function signIn(base: string, origin: string, email: string): Promise<Session> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie: jar.join("; "), Origin: origin },
    body: new URLSearchParams({ csrfToken, email, password: "demo", callbackUrl: "/", json: "true" }),
  });
  const session = cookiesOf(res).find((c) => c.includes("session-token"));
  if (!session) throw new Error(`sign-in at ${base} failed: ${res.status}`);
  return { base, cookie: session, origin };
}

const at = (s: Session, base: string): Session => ({ ...s, base });

async function get<T>(s: Session, path: string): Promise<T> {
  const res = await fetch(s.base + path, { headers: { cookie: s.cookie } });
  if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function post(s: Session, path: string, body: unknown): Promise<number> {
  const res = await fetch(s.base + path, {
    method: "POST",
    headers: { cookie: s.cookie, Origin: s.origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function timedReads(s: Session, path: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(s.base + path, { headers: { cookie: s.cookie } });
    await res.arrayBuffer();
    out.push(performance.now() - t0);
  }
  return out;
}

async function waiting(s: Session, campaign: number): Promise<number[]> {
  const body = await get<{ data: { posts: { task_id: number; status: string }[] } }>(s, `/api/campaigns/${campaign}/posts?status=WAITING_APPROVAL&limit=100`);
  return body.data.posts.filter((p) => p.status === "WAITING_APPROVAL").map((p) => p.task_id);
}

/** Reads an event stream until a line mentions the post; resolves with the time it arrived. */
function eventArrival(s: Session, taskId: number, signal: AbortSignal): Promise<number> {
  return (async () => {
    const res = await fetch(`${s.base}/api/events`, { headers: { cookie: s.cookie, Accept: "text/event-stream" }, signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      text += decoder.decode(value);
      if (text.includes(`"task_id":${taskId}`)) return performance.now();
    }
  })();
}

async function main() {
  const cluster = await startCluster(2);
  const [a, b] = cluster.instances;
  // The embedded instance: same build, same simulator, memory + a SQLite file.
  const port = await freePort();
  const embeddedUrl = `http://127.0.0.1:${port}`;
  const embedded = await spawnServer("embedded", "node", ["server.mjs"], async () => (await fetch(`${embeddedUrl}/api/health`)).ok, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      UPSTREAM_BASE_URL: cluster.simURL,
      UPSTREAM_API_KEY: process.env.E2E_API_KEY ?? "demo-key",
      NEXTAUTH_URL: embeddedUrl,
      NEXTAUTH_SECRET: randomBytes(24).toString("hex"),
      DATABASE_URL: `file:/tmp/bench-embedded-${Date.now()}.db`,
      DEMO: "1",
      LOG_LEVEL: "warn",
    },
    timeoutMs: 90_000,
  });
  try {
    const editorA = await signIn(a!.url, cluster.url, "editor@example.com");
    const editorB = at(editorA, b!.url);
    const local = await signIn(embeddedUrl, embeddedUrl, "editor@example.com");

    const campaigns = await get<{ data: { campaigns: { id: number }[] } }>(editorA, "/api/campaigns?status=ACTIVE");
    let campaign = 0;
    let ids: number[] = [];
    for (const c of campaigns.data.campaigns) {
      const here = await waiting(editorA, c.id);
      if (here.length > ids.length) [campaign, ids] = [c.id, here];
    }
    if (ids.length < 20) throw new Error(`no campaign with 20 waiting posts (most: ${ids.length})`);

    // Cached reads: warm, then 300 sequential requests each.
    await timedReads(editorB, "/api/campaigns", 30);
    await timedReads(local, "/api/campaigns", 30);
    const prod = await timedReads(editorB, "/api/campaigns", 300);
    const emb = await timedReads(local, "/api/campaigns", 300);

    const visible: number[] = [];
    const evented: number[] = [];
    for (let i = 0; i < 20; i++) {
      const taskId = ids[i]!;
      await waiting(editorB, campaign); // B holds the list in its cache
      const abort = new AbortController();
      const arrival = eventArrival(editorB, taskId, abort.signal);
      await new Promise((r) => setTimeout(r, 150)); // the stream is open
      const t0 = performance.now();
      const status = await post(editorA, `/api/posts/${taskId}/approve`, {});
      if (status !== 200) throw new Error(`approve ${taskId} → ${status}`);
      for (;;) {
        if (!(await waiting(editorB, campaign)).includes(taskId)) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      visible.push(performance.now() - t0);
      evented.push((await arrival) - t0);
      abort.abort();
      await new Promise((r) => setTimeout(r, 2_100)); // the write lane is 30 a minute
    }
    const f = (n: number) => n.toFixed(1);
    console.log("\n== production mode over HTTP (2 instances, Redis, Postgres, balancer) ==");
    console.log(`cached GET /api/campaigns p50/p99: production ${f(pct(prod, 50))}/${f(pct(prod, 99))} ms, embedded ${f(pct(emb, 50))}/${f(pct(emb, 99))} ms, p50 ratio ${(pct(prod, 50) / pct(emb, 50)).toFixed(2)} (target ≤ 1.5)`);
    console.log(`decision on A → not waiting in B's answer: median ${f(pct(visible, 50))} ms, max ${f(Math.max(...visible))} ms (target ≤ 1000; includes the decision's own round trip)`);
    console.log(`decision on A → its event on a stream open on B: median ${f(pct(evented, 50))} ms, max ${f(Math.max(...evented))} ms (target ≤ 500; from the click's request)`);
  } finally {
    await embedded.stop();
    await cluster.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
