import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { resetEnvForTests } from "@/lib/env";
import { ApiError } from "@/lib/server/errors";
import { CampaignListQuery } from "@/lib/schemas";
import { isSameOrigin, parseId, parseJsonBody, parseQuery, withRequest } from "./index";
import { routeLabel } from "./metrics";
import * as z from "zod";

beforeAll(() => {
  process.env.NEXTAUTH_URL = "https://dash.example.com";
  process.env.NEXTAUTH_SECRET = "test-secret-at-least-16-chars";
  process.env.UPSTREAM_API_KEY = "k";
  process.env.LOG_LEVEL = "silent";
  resetEnvForTests();
});
afterAll(() => resetEnvForTests());

const req = (url: string, headers: Record<string, string> = {}, init: { method?: string; body?: string } = {}) =>
  new NextRequest(url, { method: init.method ?? "POST", headers, body: init.body });

describe("isSameOrigin", () => {
  it("accepts NEXTAUTH_URL's origin and the request's own origin", () => {
    expect(isSameOrigin(req("http://10.0.0.5:3000/api/x", { origin: "https://dash.example.com" }))).toBe(true);
    expect(isSameOrigin(req("http://10.0.0.5:3000/api/x", { origin: "http://10.0.0.5:3000" }))).toBe(true);
  });

  it("refuses another origin even when Sec-Fetch-Site claims same-origin", () => {
    expect(isSameOrigin(req("http://h/api/x", { origin: "https://evil.example", "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isSameOrigin(req("http://h/api/x", { origin: "https://dash.example.com.evil.example" }))).toBe(false);
  });

  it("without Origin, trusts only Sec-Fetch-Site: same-origin; with neither, refuses", () => {
    expect(isSameOrigin(req("http://h/api/x", { "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(req("http://h/api/x", { "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOrigin(req("http://h/api/x"))).toBe(false);
    expect(isSameOrigin(req("http://h/api/x", { origin: "null" }))).toBe(false);
  });
});

describe("input parsing", () => {
  it("parseId accepts positive decimal integers only", () => {
    expect(parseId("42")).toBe(42);
    for (const bad of ["0", "-1", "1e3", "0x10", "42abc", "", undefined]) {
      expect(() => parseId(bad)).toThrow(/Недопустимый параметр id:/);
    }
  });

  it("parseQuery ignores unknown parameters and names the bad one", () => {
    expect(parseQuery(CampaignListQuery, new URLSearchParams("project_id=3&x=1"))).toEqual({ project_id: 3 });
    expect(() => parseQuery(CampaignListQuery, new URLSearchParams("project_id=a"))).toThrow(/^Недопустимый параметр project_id:/);
  });

  it("parseJsonBody: empty is {}, non-JSON types are 415, broken JSON is 400", async () => {
    const schema = z.object({ note: z.string().optional() });
    expect(await parseJsonBody(req("http://h/x", {}, { body: "" }), schema)).toEqual({});
    const wrongType = parseJsonBody(req("http://h/x", { "content-type": "text/plain" }, { body: '{"note":"a"}' }), schema);
    await expect(wrongType).rejects.toMatchObject({ status: 415 });
    const broken = parseJsonBody(req("http://h/x", { "content-type": "application/json" }, { body: "{" }), schema);
    await expect(broken).rejects.toMatchObject({ status: 400, code: "validation_error" });
    const ok = await parseJsonBody(req("http://h/x", { "content-type": "application/json; charset=utf-8" }, { body: '{"note":"a"}' }), schema);
    expect(ok).toEqual({ note: "a" });
  });
});

describe("withRequest", () => {
  const ctx = { params: Promise.resolve({}) };

  it("adds a request id, keeps a sane incoming one, and turns errors into the envelope", async () => {
    const handler = withRequest(async () => {
      throw new ApiError("conflict", "Нельзя");
    });
    const res = await handler(req("http://h/api/x", {}, { method: "GET" }), ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: "conflict", message: "Нельзя" } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await handler(req("http://h/api/x", { "x-request-id": "abcdef123456" }, { method: "GET" }), ctx);
    expect(kept.headers.get("x-request-id")).toBe("abcdef123456");
    const replaced = await handler(req("http://h/api/x", { "x-request-id": "<script>" }, { method: "GET" }), ctx);
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("hides unexpected failures behind a generic 500", async () => {
    const handler = withRequest(async () => {
      throw new Error("db password is hunter2");
    });
    const res = await handler(req("http://h/api/x", {}, { method: "GET" }), ctx);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("internal_error");
    expect(JSON.stringify(body)).not.toContain("hunter2");
  });
});

describe("routeLabel", () => {
  it("replaces ids (whatever was typed) so labels stay few", () => {
    expect(routeLabel("/api/campaigns/12/posts/latest")).toBe("/api/campaigns/[id]/posts/latest");
    expect(routeLabel("/api/posts/abc%20x/engagement/history")).toBe("/api/posts/[id]/engagement/history");
    expect(routeLabel("/api/campaigns")).toBe("/api/campaigns");
    expect(routeLabel("/api/webhooks/post")).toBe("/api/webhooks/post");
  });
});
