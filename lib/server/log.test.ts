import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { resetEnvForTests } from "@/lib/env";
import { log, outsideLogContext, withLogContext } from "./log";
import { withRequest } from "./route/with-request";

// Every line the logger writes in this test, parsed, with the stream it went to.
let lines: { stream: "stdout" | "stderr"; raw: string; entry: Record<string, unknown> }[];

function capture(stream: "stdout" | "stderr") {
  return vi.spyOn(process[stream], "write").mockImplementation((chunk: string | Uint8Array) => {
    const raw = String(chunk);
    for (const l of raw.split("\n").filter(Boolean)) lines.push({ stream, raw: l, entry: JSON.parse(l) as Record<string, unknown> });
    return true;
  });
}

beforeEach(() => {
  lines = [];
  capture("stdout");
  capture("stderr");
  process.env.LOG_LEVEL = "debug";
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env.LOG_LEVEL = "silent";
});

describe("log", () => {
  it("writes one JSON object per line: debug and info on stdout, warn and error on stderr", () => {
    log.debug("d", { n: 1 });
    log.info("i");
    log.warn("w");
    log.error("e", { error: new TypeError("boom"), cause: new RangeError("deeper") });
    expect(lines.map((l) => [l.stream, l.entry.level, l.entry.msg])).toEqual([
      ["stdout", "debug", "d"],
      ["stdout", "info", "i"],
      ["stderr", "warn", "w"],
      ["stderr", "error", "e"],
    ]);
    expect(lines[0]!.entry).toMatchObject({ n: 1 });
    expect(Date.parse(String(lines[0]!.entry.time))).not.toBeNaN();
    expect(lines[3]!.entry).toMatchObject({ error: { name: "TypeError", message: "boom" }, cause: { name: "RangeError", message: "deeper" } });
  });

  it("honours LOG_LEVEL, read on every call", () => {
    process.env.LOG_LEVEL = "warn";
    log.info("hidden");
    log.warn("shown");
    process.env.LOG_LEVEL = "silent";
    log.error("hidden too");
    process.env.LOG_LEVEL = "error";
    log.warn("hidden as well");
    log.error("shown too");
    expect(lines.map((l) => l.entry.msg)).toEqual(["shown", "shown too"]);
  });

  it("never writes a secret: headers, keys, passwords and tokens are redacted wherever they sit", () => {
    const secret = "s3cr3t-value-0123456789";
    log.warn("outgoing call", {
      authorization: `Bearer ${secret}`,
      password: secret,
      upstreamApiKey: secret,
      headers: { Authorization: `Bearer ${secret}`, cookie: `sid=${secret}`, "set-cookie": [`sid=${secret}`], "X-API-Key": secret, accept: "application/json" },
      req: { headers: { authorization: `Bearer ${secret}`, "x-api-key": secret } },
      user: { email: "ann@example.com", token: secret, accessToken: secret },
      env: { UPSTREAM_API_KEY: secret, NEXTAUTH_SECRET: secret },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.raw).not.toContain(secret);
    expect(lines[0]!.entry).toMatchObject({
      authorization: "[redacted]",
      password: "[redacted]",
      upstreamApiKey: "[redacted]",
      headers: { Authorization: "[redacted]", cookie: "[redacted]", "set-cookie": "[redacted]", "X-API-Key": "[redacted]", accept: "application/json" },
      req: { headers: { authorization: "[redacted]", "x-api-key": "[redacted]" } },
      user: { email: "ann@example.com", token: "[redacted]", accessToken: "[redacted]" },
    });
  });

  it("adds the context's request id to every line logged inside it, across awaits, and to none outside", async () => {
    await withLogContext({ requestId: "req-0123456789" }, async () => {
      log.info("first");
      await new Promise((r) => setTimeout(r, 1));
      log.warn("after an await");
      outsideLogContext(() => log.info("background work"));
    });
    log.info("after the request");
    expect(lines.map((l) => [l.entry.msg, l.entry.requestId])).toEqual([
      ["first", "req-0123456789"],
      ["after an await", "req-0123456789"],
      ["background work", undefined],
      ["after the request", undefined],
    ]);
  });

  it("gives every line of a request handled by withRequest its request id, and never logs the caller's credentials", async () => {
    process.env.NEXTAUTH_URL = "https://dash.example.com";
    process.env.NEXTAUTH_SECRET = "test-secret-at-least-16-chars";
    process.env.UPSTREAM_API_KEY = "k";
    resetEnvForTests();
    const handler = withRequest(async ({ req }) => {
      log.info("handler at work", { headers: Object.fromEntries(req.headers) });
      await new Promise((r) => setTimeout(r, 1));
      log.warn("still at work");
      return Response.json({ ok: true });
    });
    const res = await handler(
      new NextRequest("http://h/api/things", { headers: { authorization: "Bearer top-secret-token-42", cookie: "next-auth.session-token=abc42" } }),
      { params: Promise.resolve({}) },
    );
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(lines.map((l) => l.entry.msg)).toEqual(["handler at work", "still at work", "request"]);
    for (const l of lines) {
      expect(l.entry.requestId).toBe(requestId);
      expect(l.raw).not.toContain("top-secret-token-42");
      expect(l.raw).not.toContain("abc42");
    }
    expect(lines.at(-1)!.entry).toMatchObject({ method: "GET", route: "/api/things", status: 200 });
  });
});
