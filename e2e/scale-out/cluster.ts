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
  try {
    const redis = await startRedis();
    started.push(redis);
    const postgres = await startPostgres();
    started.push(postgres);
    const databaseUrl = await postgres.createDatabase("dashboard");
    const apiKey = process.env.E2E_API_KEY ?? "demo-key";
    const simPort = await freePort();
    const simURL = `http://127.0.0.1:${simPort}`;
    const simulator = await spawnServer("simulator", "npx", ["tsx", "simulator/main.ts"], up(`${simURL}/__admin/`), {
      env: { ...process.env, SIMULATOR_PORT: String(simPort), SIMULATOR_API_KEY: apiKey, SIMULATOR_LIMITS: "on", SIMULATOR_TIME_SCALE: "0", SIMULATOR_ADMIN: "1" },
      timeoutMs: 60_000,
    });
    started.push(simulator);
    const lbPort = await freePort();
    const url = `http://127.0.0.1:${lbPort}`;
    const secret = randomBytes(24).toString("hex");
    const list: Instance[] = [];
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      const name = `app${i + 1}`;
      const server = await spawnServer(name, "node", ["server.mjs"], up(`http://127.0.0.1:${port}/api/health`), {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
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
      });
      started.push(server);
      list.push({ name, url: `http://127.0.0.1:${port}`, port, server });
    }
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
