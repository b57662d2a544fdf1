// The simulator's HTTP server (plain node:http). Programmatic entry for tests:
//   const sim = await startSimulator({ port: 0, limits: false, timeScale: 0 });
//   await fetch(`${sim.url}/api/v1/ext/account/`, { headers: { Authorization: "Bearer demo-key" } });
//   await sim.close();

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAdmin } from "./admin";
import { authenticate } from "./auth";
import { malform, serverError, type FaultSettings } from "./faults";
import { ApiError, notFound, readBody, send, sendJson } from "./http";
import { serveMedia } from "./media";
import { DEFAULT_OPTIONS, type SimulatorOptions } from "./options";
import { matchRoute } from "./router";
import { SimulatorState } from "./runtime";
import { withUnfamiliarValues } from "./unfamiliar";

export type { SimulatorOptions } from "./options";
export { SimulatorState } from "./runtime";

export const API_PREFIX = "/api/v1/ext/";

export interface SimulatorHandle {
  url: string;
  port: number;
  state: SimulatorState;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function handleApi(req: IncomingMessage, res: ServerResponse, s: SimulatorState, url: URL): Promise<void> {
  const method = req.method ?? "GET";
  const path = url.pathname.slice(API_PREFIX.length);
  const match = matchRoute(method, path);
  const template = `${method} ${match?.template ?? "<unknown>"}`;
  const record = (status: number | "dropped"): void => s.stats.record(method, url.pathname, template, status, url.search);

  if (s.faults.down) {
    record("dropped");
    req.socket.destroy();
    return;
  }
  if (s.faults.latencyMs > 0) await sleep(s.faults.latencyMs);
  if (s.faults.errorRate > 0 && Math.random() < s.faults.errorRate) {
    const e = serverError();
    record(e.status);
    return send(res, e.status, e.contentType, e.body, e.headers);
  }
  try {
    const key = authenticate(req.headers.authorization, s.options.apiKey);
    s.limiter.hit(key, method === "GET" || method === "HEAD" ? "read" : "write");
    if (!match) throw notFound();
    if (!match.run) {
      throw new ApiError(405, "method_not_allowed", `Метод ${method} не поддерживается для этого адреса.`, { Allow: (match.allowed ?? []).join(", ") });
    }
    if (method === "POST") await readBody(req); // the body is ignored, but must be consumed
    // A held write lands after the wait even when the client has given up (a socket closed meanwhile stops nothing).
    const held = method === "POST" && s.faults.lateWriteMs > 0; // the API's only POSTs are approve and reject
    if (held) {
      s.stats.heldWrites++;
      await sleep(s.faults.lateWriteMs).finally(() => s.stats.heldWrites--);
    }
    s.sync();
    const answer = match.run({ world: s.world, now: s.now(), links: s.links, rejectOther: s.options.rejectOther }, url.searchParams);
    let body = JSON.stringify(s.options.unfamiliar && answer.status < 400 ? withUnfamiliarValues(answer.body) : answer.body);
    if (s.faults.malformedRate > 0 && Math.random() < s.faults.malformedRate) body = malform(body, s.faults.malformed);
    if (held && s.faults.lateWriteAnswer === "never") {
      record("dropped");
      req.socket.destroy();
      return;
    }
    record(answer.status);
    send(res, answer.status, "application/json; charset=utf-8", body, answer.headers);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    record(e.status);
    sendJson(res, e.status, e.toBody(), e.headers);
  }
}

/** Any request may change the world (approve, reject, admin); the state file follows it. */
async function handle(req: IncomingMessage, res: ServerResponse, s: SimulatorState): Promise<void> {
  const before = s.world.fingerprint;
  try {
    await route(req, res, s);
  } finally {
    if (s.world.fingerprint !== before) s.changed();
  }
}

async function route(req: IncomingMessage, res: ServerResponse, s: SimulatorState): Promise<void> {
  const url = new URL(req.url ?? "/", "http://simulator.local");
  if (url.pathname.startsWith(API_PREFIX)) return handleApi(req, res, s, url);
  if (url.pathname === "/__admin" || url.pathname.startsWith("/__admin/")) {
    if (s.options.admin) return handleAdmin(req, res, s, url);
  } else if (url.pathname.startsWith("/media/")) {
    if (s.faults.down) {
      req.socket.destroy();
      return;
    }
    return serveMedia(req, res, s.links, url);
  }
  sendJson(res, 404, { error: { code: "not_found", message: "Ресурс не найден." } });
}

export type StartOptions = Partial<Omit<SimulatorOptions, "faults">> & { faults?: Partial<FaultSettings> };

export async function startSimulator(options: StartOptions = {}): Promise<SimulatorHandle> {
  const opts: SimulatorOptions = { ...DEFAULT_OPTIONS, ...options, faults: { ...DEFAULT_OPTIONS.faults, ...options.faults } };
  const state = new SimulatorState(opts);
  const server = createServer((req, res) => {
    const started = Date.now();
    if (opts.log) {
      res.on("finish", () => console.log(`${new Date().toISOString()} ${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    }
    handle(req, res, state).catch((err: unknown) => {
      console.error("simulator: unhandled error", err);
      if (!res.headersSent) sendJson(res, 500, { error: { code: "internal_error", message: "Внутренняя ошибка сервера." } });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host === "0.0.0.0" || opts.host === "::" ? "127.0.0.1" : opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  const url = `http://${host}:${port}`;
  state.baseUrl = url;
  // The world moves on its own between requests; unref'd so it never keeps a process alive.
  const timer = setInterval(() => state.sync(), Math.max(50, opts.tickMs));
  timer.unref();
  return {
    url,
    port,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(timer);
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }).then(() => state.save()),
  };
}
