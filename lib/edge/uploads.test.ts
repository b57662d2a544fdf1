import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdgeHandler, nextListener } from "./handler.mjs";
import { headerOptionsFrom, securityHeaders } from "./security-headers.mjs";

process.env.LOG_LEVEL = "silent";

/**
 * Oversized uploads, many at once: each client gets its answer (413, or what
 * the route said before the body grew too big), never a reset.
 */
async function next(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.url === "/api/answers-at-once") {
    // A route that refuses without reading the body (a signed-out write).
    res.writeHead(401, { "Content-Type": "application/json" }).end('{"error":{"code":"unauthorized","message":"m"}}');
    return;
  }
  // Reads the body whole, as next-auth and the routes do.
  for await (const chunk of req) void chunk;
  res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
}

let server: Server;
let inner: Server;
let port: number;
const listen = (s: Server) => new Promise<number>((resolve) => s.listen(0, "127.0.0.1", () => resolve((s.address() as AddressInfo).port)));
beforeAll(async () => {
  // The stand-in for Next on a server of its own, the edge in front, as server.mjs runs them.
  inner = createServer(nextListener(next));
  const upstream = { host: "127.0.0.1", port: await listen(inner) };
  server = createServer({ requestTimeout: 60_000 }, createEdgeHandler({ upstream, trustedProxies: 0, securityHeaders: securityHeaders(headerOptionsFrom({})) }));
  port = await listen(server);
});
afterAll(() => {
  server.closeAllConnections();
  inner.closeAllConnections();
  return Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => inner.close(resolve))]);
});

const MB = 1024 * 1024;

/** A chunked upload of `total` bytes written as fast as the socket takes it; stops sending once answered, as curl does. */
function upload(path: string, total: number): Promise<{ status: number; code?: string } | { error: string }> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 97);
    const req = request({ host: "127.0.0.1", port, path, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } });
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => {
        const code = (JSON.parse(body || "{}") as { error?: { code?: string } }).error?.code;
        resolve({ status: res.statusCode ?? 0, code });
        req.destroy();
      });
      res.on("error", (e) => resolve({ error: e.message }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/**
 * A simple client: sends the whole chunked body, then reads the answer
 * (the socket keeps receiving meanwhile, as any socket does). A reset at any
 * point is reported as such.
 */
function sendAllThenRead(path: string, total: number): Promise<{ status: number; code?: string } | { error: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let sent = 0;
    socket.on("data", (d) => (received += d.toString("utf8")));
    socket.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    // The answer may still be on its way when the last byte is sent (the edge gives Next 300 ms to
    // answer first, and a loaded machine sends 40 MB faster than that): read it when it is whole.
    const whole = () => {
      const [, body] = received.split("\r\n\r\n");
      try {
        return body !== undefined && JSON.parse(body) !== null;
      } catch {
        return false;
      }
    };
    const answer = (waited = 0) => {
      if (!whole() && waited < 10_000) return void setTimeout(() => answer(waited + 50), 50);
      const [head = "", body = ""] = received.split("\r\n\r\n");
      const code = (JSON.parse(body || "{}") as { error?: { code?: string } }).error?.code;
      resolve({ status: Number(head.split(" ")[1]), code });
      socket.destroy();
    };
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = Buffer.concat([Buffer.from(`${(64 * 1024).toString(16)}\r\n`), Buffer.alloc(64 * 1024, 97), Buffer.from("\r\n")]);
    const pump = () => {
      while (sent < total) {
        sent += 64 * 1024;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
      socket.write("0\r\n\r\n", () => answer());
    };
    pump();
  });
}

describe("ten parallel 40 MB chunked uploads", () => {
  it("each gets its 413 in the envelope on the sign-in path and elsewhere", async () => {
    const paths = Array.from({ length: 10 }, (_, i) => (i % 2 ? "/api/auth/callback/credentials" : "/api/bulk-jobs"));
    const answers = await Promise.all(paths.map((p) => upload(p, 40 * MB)));
    expect(answers).toEqual(paths.map(() => ({ status: 413, code: "payload_too_large" })));
  }, 120_000);

  it("each gets its 413 even when the clients send all 40 MB before reading the answer", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sendAllThenRead(i % 2 ? "/api/auth/callback/credentials" : "/api/bulk-jobs", 40 * MB)));
    expect(answers).toEqual(answers.map(() => ({ status: 413, code: "payload_too_large" })));
  }, 120_000);

  it("each gets the route's own answer when the route refused before reading, and no reset", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload("/api/answers-at-once", 40 * MB)));
    expect(answers).toEqual(answers.map(() => ({ status: 401, code: "unauthorized" })));
  }, 120_000);
});
