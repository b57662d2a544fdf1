// @vitest-environment jsdom
// What the browser's fetch helpers make of failures: never a raw "Failed to fetch", never a crash on a bad answer.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClientError, apiDelete, apiGetRaw, apiPost, apiRead } from "./fetch-json";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { "Content-Type": "application/json", ...init.headers } });
const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const account = {
  plan: { name: "Про", tier: "pro" },
  subscription: { is_active: true, is_trial: false, active_until: "2027-01-01T00:00:00Z", activated_at: "2026-01-01T00:00:00Z" },
  quota: { posts: { used: 1, limit: 10, remaining: 9 }, images: { used: 0, limit: null, remaining: null }, previews: { used: 0, limit: 5, remaining: 5 } },
  limits: { max_projects: 3, max_campaigns: 10, max_channels: 5 },
};

async function failure(p: Promise<unknown>): Promise<ApiClientError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

describe("a browser that cannot reach the dashboard", () => {
  it("turns fetch's TypeError into network_error, for reads and writes alike", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    for (const call of [apiRead("account", "/api/account"), apiGetRaw("/api/audit"), apiPost("/api/posts/1/approve", {}), apiDelete("/api/admin/sessions/1")]) {
      const error = await failure(call);
      expect(error.code).toBe("network_error");
      expect(error.status).toBe(0);
      expect(error.message).not.toMatch(/Failed to fetch/);
    }
  });

  it("keeps a cancellation a cancellation (React Query's own abort), not an outage", async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException("The operation was aborted.", "AbortError"));
    const error = await apiRead("account", "/api/account", { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });

  it("a success whose body is not JSON (a proxy's page) is bad_response", async () => {
    fetchMock.mockResolvedValue(new Response("<html>portal</html>", { status: 200 }));
    expect((await failure(apiGetRaw("/api/audit"))).code).toBe("bad_response");
  });
});

describe("error answers", () => {
  it("keep the envelope's code and Russian message, and Retry-After in seconds or as a date", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: "upstream_unavailable", message: "Сервис недоступен" } }, { status: 503, headers: { "Retry-After": "7" } }));
    const first = await failure(apiRead("account", "/api/account"));
    expect([first.status, first.code, first.message, first.retryAfterSeconds]).toEqual([503, "upstream_unavailable", "Сервис недоступен", 7]);

    const at = new Date(Date.now() + 30_000).toUTCString();
    fetchMock.mockResolvedValueOnce(new Response("Bad gateway", { status: 502, headers: { "Retry-After": at } }));
    const second = await failure(apiRead("account", "/api/account"));
    expect(second.code).toBe("http_error");
    expect(second.retryAfterSeconds).toBeGreaterThan(25);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(30);
  });
});

describe("answers checked against the schemas", () => {
  it("passes a good answer through, parsed: fields the schema does not list are dropped", async () => {
    fetchMock.mockResolvedValue(json({ data: { ...account, secret: "x" }, meta }));
    const { data, meta: m } = await apiRead("account", "/api/account");
    expect(data.plan.name).toBe("Про");
    expect("secret" in data).toBe(false);
    expect(m).toEqual(meta);
  });

  it("keeps values outside a listed set (open enums), as the server does", async () => {
    const post = {
      task_id: 1,
      campaign_id: 2,
      campaign_name: "К",
      text: "т",
      status: "ON_HOLD",
      post_type: "HOLOGRAM",
      published_at: null,
      created_at: "2026-11-21T05:00:00Z",
      updated_at: null,
      media: null,
    };
    fetchMock.mockResolvedValue(json({ data: post, meta }));
    expect((await apiRead("post", "/api/campaigns/2/posts/latest")).data.status).toBe("ON_HOLD");
  });

  it("turns an answer of another shape into response_mismatch, naming where", async () => {
    fetchMock.mockResolvedValue(json({ data: { ...account, quota: { posts: "many" } }, meta }));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await failure(apiRead("account", "/api/account"));
    expect(error.code).toBe("response_mismatch");
    expect(error.status).toBe(200);
    expect(error.extras.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^data\.quota\.posts/)]));
    spy.mockRestore();
  });

  it("an answer without its envelope is a mismatch too", async () => {
    fetchMock.mockResolvedValue(json(account));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await failure(apiRead("account", "/api/account"))).code).toBe("response_mismatch");
    spy.mockRestore();
  });
});
