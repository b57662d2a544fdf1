import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS, errorResponse, ApiError } from "@/lib/server/errors";
import { clientAddress, parseTrustedProxies } from "./client-address.mjs";
import { EDGE_STATUS, edgeMessage, localeOf } from "./envelope.mjs";
import { attachEdgeListeners, createEdgeHandler, nextListener } from "./handler.mjs";
import { AUTH_BODY_LIMIT, BODY_LIMIT } from "./limits.mjs";
import { headerOptionsFrom, securityHeaders } from "./security-headers.mjs";

process.env.LOG_LEVEL = "silent";
const SECURITY = securityHeaders(headerOptionsFrom({}));

/** Resolved when the stand-in's event stream is closed (its client gone). */
let onStreamClosed = () => {};
const streamClosed = new Promise<void>((resolve) => (onStreamClosed = resolve));

/** Body bytes the stand-in for Next read, by path. */
const seenByNext = new Map<string, number>();

/** Stands in for Next: answers the way Next does on the paths below, or echoes what reached it. */
async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = req.url ?? "";
  if (path === "/api/next-404") {
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end("<!DOCTYPE html><h1>404</h1>");
  } else if (path === "/api/next-405" && req.method === "OPTIONS") {
    res.writeHead(204, { Allow: "GET, HEAD, OPTIONS" }).end();
  } else if (path === "/api/next-405" || path === "/api/next-405-no-options") {
    // Next's 405 for a method the route does not export: empty, and no Allow.
    res.statusCode = 405;
    res.end();
  } else if (path === "/api/next-500") {
    res.writeHead(500, "Internal Server Error", ["Content-Type", "text/plain"]);
    res.write("Internal ");
    res.end("Server Error");
  } else if (path === "/page-post" && req.method === "POST") {
    // Next's answer to a form POST on a page when no server action has that id: a bare text 400.
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad Request");
  } else if (path === "/page-404") {
    res.writeHead(404, { "Content-Type": "text/html" }).end("<h1>not here</h1>");
  } else if (path === "/api/own-error") {
    res.writeHead(409, { "Content-Type": "application/json" }).end('{"error":{"code":"conflict","message":"m"}}');
  } else if (path === "/api/bare-503") {
    res.writeHead(503, { "Content-Type": "application/json" }).end('{"error":{"code":"upstream_unavailable","message":"m"}}');
  } else if (path === "/api/throws") {
    throw new Error("boom");
  } else if (path === "/api/stream") {
    // An event stream: the first event at once, then open until the client leaves.
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write("data: first\n\n");
    res.on("close", () => onStreamClosed());
  } else {
    // Reads the whole body as Next does, then reports what it saw (kept as it reads, for a body cut short).
    let bytes = 0;
    for await (const chunk of req) seenByNext.set(path, (bytes += (chunk as Buffer).length));
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ bytes, headers: req.headers }));
  }
}

type Raw = { status: number; headers: Record<string, string>; body: string };

function parse(text: string): Raw {
  const split = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(split + 4);
  if (headers["transfer-encoding"] === "chunked") body = body.replace(/(^|\r\n)[0-9a-f]+\r\n/g, "").replace(/\r\n$/, "");
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/**
 * Sends `head` as it is (no client normalises it), then `body` chunks until
 * the answer is complete; resolves with the answer and the bytes sent.
 */
function raw(port: number, head: string, body?: { chunk: Buffer; max: number }): Promise<Raw & { sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ ...parse(text), sent });
    };
    socket.on("data", (d) => {
      text += d.toString("utf8");
      const r = text.includes("\r\n\r\n") ? parse(text) : undefined;
      const length = Number(r?.headers["content-length"] ?? NaN);
      // A 204 or 304 never has a body: complete at its blank line, as any HTTP client reads it.
      if (r && (r.status === 204 || r.status === 304 || Buffer.byteLength(r.body) >= length)) finish();
    });
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", (e) => (text ? finish() : reject(e)));
    socket.write(head);
    const pump = () => {
      while (body && !done && sent < body.max) {
        sent += body.chunk.length;
        const chunk = head.includes("chunked") ? Buffer.concat([Buffer.from(`${body.chunk.length.toString(16)}\r\n`), body.chunk, Buffer.from("\r\n")]) : body.chunk;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

const get = (path: string, extra = "", method = "GET") => `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${extra}\r\n`;

function expectEnvelope(r: Raw, status: number, code: string) {
  expect(r.status, r.body).toBe(status);
  expect(r.headers["content-type"]).toMatch(/^application\/json/);
  expect(JSON.parse(r.body)).toEqual({ error: { code, message: expect.any(String) } });
  for (const [name, value] of SECURITY) expect(r.headers[name.toLowerCase()], name).toBe(value);
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

/** The stand-in for Next on a server of its own, and the edge in front of it, as server.mjs runs them. */
async function start(trustedProxies: number): Promise<{ server: Server; port: number; close: () => void }> {
  const inner = createServer(nextListener(fakeNext));
  const upstream = { host: "127.0.0.1", port: await listen(inner) };
  const server = createServer({ maxHeaderSize: 16 * 1024 }, createEdgeHandler({ upstream, trustedProxies, securityHeaders: SECURITY }));
  attachEdgeListeners(server, SECURITY);
  const port = await listen(server);
  return {
    server,
    port,
    close: () => {
      server.close();
      server.closeAllConnections();
      inner.close();
      inner.closeAllConnections();
    },
  };
}

describe("client address", () => {
  it("is the socket's peer without trusted proxies, whatever the headers say", () => {
    expect(clientAddress("10.0.0.7", "203.0.113.9", 0)).toBe("10.0.0.7");
    expect(clientAddress("::ffff:10.0.0.7", undefined, 0)).toBe("10.0.0.7");
  });

  it("is the Nth address from the right behind N trusted proxies", () => {
    expect(clientAddress("10.0.0.1", "198.51.100.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", "198.51.100.1, 203.0.113.9", 2)).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.1", ["198.51.100.1", "2001:db8::5"], 1)).toBe("2001:db8::5");
    // Shorter than expected: the leftmost address there is; no header: the socket.
    expect(clientAddress("10.0.0.1", "203.0.113.9", 3)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "198.51.100.1, not-an-address", 1)).toBe("10.0.0.1");
  });

  it("accepts 0 to 10 trusted proxies and nothing else", () => {
    expect(parseTrustedProxies(undefined)).toBe(0);
    expect(parseTrustedProxies("2")).toBe(2);
    for (const bad of ["-1", "1.5", "eleven", "11"]) expect(() => parseTrustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
  });
});

describe("the edge in front of a real server", () => {
  let direct: Awaited<ReturnType<typeof start>>;
  let proxied: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    direct = await start(0);
    proxied = await start(1);
  });
  afterAll(() => {
    direct.close();
    proxied.close();
  });

  const echoed = async (port: number, extra: string) => JSON.parse((await raw(port, get("/echo", extra))).body).headers as Record<string, string>;

  it("rewrites X-Forwarded-For to the one client address and drops the other client headers", async () => {
    const spoof = "X-Forwarded-For: 203.0.113.9\r\nX-Real-IP: 203.0.113.8\r\nForwarded: for=203.0.113.7\r\nX-Forwarded-Host: evil.example\r\n";
    const seen = await echoed(direct.port, spoof);
    expect(seen["x-forwarded-for"]).toBe("127.0.0.1");
    expect(seen["x-real-ip"] ?? seen["forwarded"] ?? seen["x-forwarded-host"]).toBeUndefined();
    expect((await echoed(direct.port, ""))["x-forwarded-for"]).toBe("127.0.0.1");
    // Behind one proxy, the address it appended; what the client put before it is ignored.
    expect((await echoed(proxied.port, "X-Forwarded-For: 1.1.1.1, 203.0.113.9\r\n"))["x-forwarded-for"]).toBe("203.0.113.9");
  });

  it.each([
    ["TRACE", get("/api/health", "", "TRACE"), 405, "method_not_allowed"],
    ["PROPFIND", get("/", "", "PROPFIND"), 405, "method_not_allowed"],
    ["a method the parser does not know", get("/", "", "FROBNICATE"), 405, "method_not_allowed"],
    ["CONNECT", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 405, "method_not_allowed"],
    ["a malformed escape", get("/api/posts/%E0%A4%A"), 400, "validation_error"],
    ["an escape that is not UTF-8", get("/campaigns/%C0%AF"), 400, "validation_error"],
    ["a target that is not a path", get("*", "", "OPTIONS"), 400, "validation_error"],
    ["a protocol-relative target", get("//evil.example/x"), 400, "validation_error"],
    ["a 9 KB address", get(`/api/posts?q=${"a".repeat(9000)}`), 414, "uri_too_long"],
    ["17 KB of headers", get("/", `X-Big: ${"b".repeat(17 * 1024)}\r\n`), 431, "headers_too_large"],
    ["a malformed header", get("/", "Bad Header\r\n"), 400, "validation_error"],
  ])("refuses %s in the envelope with the security headers", async (_name, head, status, code) => {
    const r = await raw(direct.port, head);
    expectEnvelope(r, status, code);
    if (status === 405) expect(r.headers["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });

  it("answers in the reader's language", async () => {
    const r = await raw(direct.port, get("/api/next-404", "Accept-Language: en-US,en;q=0.9\r\n"));
    expectEnvelope(r, 404, "not_found");
    expect(JSON.parse(r.body).error.message).toBe("Not found");
  });

  it("refuses a 40 MB sign-in body by its length, before reading it", async () => {
    const started = performance.now();
    const r = await raw(direct.port, get("/api/auth/callback/credentials", "Content-Length: 40000000\r\nContent-Type: application/x-www-form-urlencoded\r\n", "POST"));
    expectEnvelope(r, 413, "payload_too_large");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("stops a chunked body at the limit while it is being read, and the reader never sees more", async () => {
    const head = get("/api/auth/callback/credentials", "Transfer-Encoding: chunked\r\n", "POST");
    const r = await raw(direct.port, head, { chunk: Buffer.alloc(4096, 97), max: 8 * 1024 * 1024 });
    expectEnvelope(r, 413, "payload_too_large");
    expect(seenByNext.get("/api/auth/callback/credentials")).toBeLessThanOrEqual(AUTH_BODY_LIMIT);
  });

  it("passes bodies within the limit whole", async () => {
    const body = "a".repeat(AUTH_BODY_LIMIT);
    const r = await raw(direct.port, get("/api/auth/x", `Content-Length: ${body.length}\r\n`, "POST") + body);
    expect(JSON.parse(r.body).bytes).toBe(AUTH_BODY_LIMIT);
    const big = Buffer.alloc(BODY_LIMIT, 98);
    const elsewhere = await raw(direct.port, get("/api/bulk-jobs", `Content-Length: ${big.length}\r\n`, "POST"), { chunk: big, max: big.length });
    expect(JSON.parse(elsewhere.body).bytes).toBe(BODY_LIMIT);
    const over = await raw(direct.port, get("/api/bulk-jobs", `Content-Length: ${BODY_LIMIT + 1}\r\n`, "POST"));
    expectEnvelope(over, 413, "payload_too_large");
  });

  it.each([
    ["/api/next-404", 404, "not_found", "GET"],
    ["/api/next-405", 405, "method_not_allowed", "POST"],
    ["/api/next-500", 500, "internal_error", "GET"],
    ["/api/throws", 500, "internal_error", "GET"],
  ])("puts Next's own answer on %s in the envelope", async (path, status, code, method) => {
    const r = await raw(direct.port, get(path, "", method));
    expectEnvelope(r, status, code);
    if (status === 405) expect(r.headers["allow"]).toBe("GET, HEAD, OPTIONS");
  });

  it("puts Next's bare text answer on a page (a form POST with no server action) in the envelope", async () => {
    const r = await raw(direct.port, get("/page-post", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n", "POST"));
    expectEnvelope(r, 400, "validation_error");
  });

  it("answers a page's OPTIONS itself (Next would answer a bare 400)", async () => {
    const r = await raw(direct.port, get("/campaigns", "", "OPTIONS"));
    expect([r.status, r.headers["allow"]]).toEqual([204, "GET, HEAD, OPTIONS"]);
  });

  it("passes an event stream on as it comes, and ends Next's side when the client leaves", async () => {
    const socket = connect(direct.port, "127.0.0.1");
    socket.write(get("/api/stream").replace("Connection: close\r\n", ""));
    let text = "";
    await new Promise<void>((resolve) => socket.on("data", (d) => ((text += d.toString("utf8")), text.includes("data: first") && resolve())));
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
    await streamClosed;
  });

  it("leaves Allow out of a 405 whose route does not name its methods", async () => {
    const r = await raw(direct.port, get("/api/next-405-no-options", "", "POST"));
    expectEnvelope(r, 405, "method_not_allowed");
    expect(r.headers["allow"]).toBeUndefined();
  });

  it("leaves pages, envelopes and successes as they are, and adds Retry-After to a 503", async () => {
    const page = await raw(direct.port, get("/page-404"));
    expect([page.status, page.body]).toEqual([404, "<h1>not here</h1>"]);
    expect(page.headers["x-frame-options"]).toBe("DENY");
    const own = await raw(direct.port, get("/api/own-error"));
    expect(JSON.parse(own.body)).toEqual({ error: { code: "conflict", message: "m" } });
    const unavailable = await raw(direct.port, get("/api/bare-503"));
    expect([unavailable.status, unavailable.headers["retry-after"]]).toEqual([503, "30"]);
  });
});

describe("the edge's codes", () => {
  it("have the app's statuses and messages wherever the app knows them", async () => {
    for (const [code, status] of Object.entries(EDGE_STATUS)) {
      if (!(code in ERROR_STATUS)) continue;
      const app = errorResponse(new ApiError(code));
      expect([code, app.status]).toEqual([code, status]);
      expect(((await app.json()) as { error: { message: string } }).error.message).toBe(edgeMessage(code, "ru"));
    }
  });

  it("have a text of their own in every language (messages/<locale>/server.json)", () => {
    for (const code of Object.keys(EDGE_STATUS)) {
      for (const locale of ["ru", "en"]) {
        const message = edgeMessage(code, locale);
        if (code !== "internal_error") expect(message, `${code} in ${locale}`).not.toBe(edgeMessage("internal_error", locale));
      }
      expect(edgeMessage(code, "en")).not.toBe(edgeMessage(code, "ru"));
    }
  });

  it("are written in the request's language: the interface's switch, else the browser's, else Russian", () => {
    expect(localeOf({ cookie: "a=1; NEXT_LOCALE=en", "accept-language": "ru" })).toBe("en");
    expect(localeOf({ "accept-language": "de-DE, en-GB;q=0.8, ru;q=0.5" })).toBe("en");
    expect(localeOf({ "accept-language": "de" })).toBe("ru");
    expect(localeOf({})).toBe("ru");
  });
});
