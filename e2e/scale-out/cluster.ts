import { randomBytes } from "node:crypto";
import { startBalancer, type Balancer } from "../../scripts/balancer.mjs";
import { freePort } from "../../test/servers/free-port";
import { startPostgres } from "../../test/servers/postgres";
import { spawnServer, type Spawned } from "../../test/servers/process";
import { startRedis } from "../../test/servers/redis";

/**
 * Production mode on one machine, for real: Redis, Postgres, a simulator with
 * its rate limits ON, N instances of the production build (server.mjs on the
 * dist folder scripts/e2e.mjs built) on one API key, and a balancer in front.
 * Every process is started here and stopped by `stop()`; one that cannot start
 * fails the run with its own output.
 */
export type Instance = { name: string; url: string; port: number; server: Spawned };
export type Cluster = {
  url: string;
  simURL: string;
  /** The instances' shared Postgres database (postgres://…). */
  databaseUrl: string;
  instances: Instance[];
  balancer: Balancer;
  /** Stops Redis (an outage); the instances keep running. */
  stopRedis: () => Promise<void>;
  stop: () => Promise<void>;
};

const up = (url: string) => async () => (await fetch(url)).status < 500;

export async function startCluster(instances: number): Promise<Cluster> {
  const started: { stop?: () => Promise<unknown>; close?: () => Promise<unknown> }[] = [];
  const stopAll = async () => {
    for (const s of started.reverse()) await (s.stop ?? s.close)?.().catch(() => undefined);
  };
  /** Waits for every start and keeps each one that came up, so that a failed start stops them all. */
  const all = async (starts: Promise<{ stop?: () => Promise<unknown>; close?: () => Promise<unknown> }>[]): Promise<void> => {
    const results = await Promise.allSettled(starts);
    for (const r of results) if (r.status === "fulfilled") started.push(r.value);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  };
  try {
    const apiKey = process.env.E2E_API_KEY ?? "demo-key";
    // The processes start side by side, Redis, Postgres and the simulator, then the instances: one
    // after another, each waited for the last while a core idled. Their ports are chosen first, each
    // one not yet handed out (none is bound until its process starts).
    const taken = new Set<number>();
    const port = async (): Promise<number> => {
      for (;;) {
        const p = await freePort();
        if (!taken.has(p)) {
          taken.add(p);
          return p;
        }
      }
    };
    const simPort = await port();
    const lbPort = await port();
    const ports: number[] = [];
    for (let i = 0; i < instances; i++) ports.push(await port());
    const simURL = `http://127.0.0.1:${simPort}`;
    const url = `http://127.0.0.1:${lbPort}`;
    const secret = randomBytes(24).toString("hex");
    const redisStart = startRedis();
    const postgresStart = startPostgres();
    const simulatorStart = spawnServer("simulator", "npx", ["tsx", "simulator/main.ts"], up(`${simURL}/__admin/`), {
      env: { ...process.env, SIMULATOR_PORT: String(simPort), SIMULATOR_API_KEY: apiKey, SIMULATOR_LIMITS: "on", SIMULATOR_TIME_SCALE: "0", SIMULATOR_ADMIN: "1" },
      timeoutMs: 60_000,
    });
    await all([redisStart, postgresStart, simulatorStart]);
    const redis = await redisStart;
    const databaseUrl = await (await postgresStart).createDatabase("dashboard");
    const serverStarts = ports.map((appPort, i) =>
      spawnServer(`app${i + 1}`, "node", ["server.mjs"], up(`http://127.0.0.1:${appPort}/api/health`), {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(appPort),
          UPSTREAM_BASE_URL: simURL,
          UPSTREAM_API_KEY: apiKey,
          NEXTAUTH_URL: url,
          NEXTAUTH_SECRET: secret,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redis.url,
          REDIS_PREFIX: "cluster:",
          DEMO: "1",
          TRUSTED_PROXIES: "1",
          LOG_LEVEL: "warn",
        },
        timeoutMs: 90_000,
      }),
    );
    await all(serverStarts);
    const servers = await Promise.all(serverStarts);
    const list: Instance[] = servers.map((server, i) => ({ name: `app${i + 1}`, url: `http://127.0.0.1:${ports[i]}`, port: ports[i]!, server }));
    const balancer = await startBalancer({ port: lbPort, backends: list.map((i) => i.url) });
    started.push(balancer);
    return { url, simURL, databaseUrl, instances: list, balancer, stopRedis: () => redis.stop(), stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** SIGKILL: the instance dies without a word, holding whatever it held. */
export function killInstance(instance: Instance): void {
  const pid = instance.server.child.pid;
  if (pid) process.kill(-pid, "SIGKILL");
}
