// @vitest-environment jsdom
// The schema check off the main thread: the worker's message handling, the
// client's request matching, and its fallback to the in-thread check.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createResponseChecker, type CheckInThread, type WorkerLike } from "./response-check-client";
import { handleCheckMessage, type CheckReply, type CheckRequest } from "./response-check-protocol";
import { checkDataResponse } from "./response-schemas";

const meta = { stale: false, fetchedAt: "2026-11-21T05:00:00Z" };
const account = {
  plan: { name: "Про", tier: "pro" },
  subscription: { is_active: true, is_trial: false, active_until: "2027-01-01T00:00:00Z", activated_at: "2026-01-01T00:00:00Z" },
  quota: { posts: { used: 1, limit: 10, remaining: 9 }, images: { used: 0, limit: null, remaining: null }, previews: { used: 0, limit: 5, remaining: 5 } },
  limits: { max_projects: 3, max_campaigns: 10, max_channels: 5 },
};

/** A Worker in this thread: answers with the real handler, asynchronously and through a structured clone, as a worker would. */
class FakeWorker implements WorkerLike {
  static instances: FakeWorker[] = [];
  readonly listeners = new Map<string, Array<(event: Event) => void>>();
  readonly posted: CheckRequest[] = [];
  terminated = false;
  /** Hold replies to answer them out of order. */
  hold = false;
  held: CheckReply[] = [];
  constructor() {
    FakeWorker.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(): void {}
  postMessage(message: CheckRequest): void {
    this.posted.push(message);
    const reply = handleCheckMessage(structuredClone(message), checkDataResponse);
    if (!reply) return;
    if (this.hold) this.held.push(reply);
    else setTimeout(() => this.reply(reply), 0);
  }
  reply(reply: CheckReply): void {
    for (const l of this.listeners.get("message") ?? []) l(new MessageEvent("message", { data: structuredClone(reply) }));
  }
  fail(): void {
    for (const l of this.listeners.get("error") ?? []) l(new Event("error"));
  }
  terminate(): void {
    this.terminated = true;
  }
}

afterEach(() => {
  FakeWorker.instances = [];
  vi.unstubAllGlobals();
  vi.resetModules();
});

const inThread: CheckInThread = async (schema, body) => checkDataResponse(schema, body);

describe("the worker's message handling", () => {
  it("answers a request with the parsed value, the schemas' transforms applied and unknown fields dropped", () => {
    const reply = handleCheckMessage({ id: 7, schema: "account", body: { data: { ...account, secret: "x" }, meta } }, checkDataResponse);
    expect(reply).toMatchObject({ id: 7, checked: { ok: true } });
    const value = (reply as { checked: { ok: true; value: { data: Record<string, unknown> } } }).checked.value;
    expect(value.data.plan).toEqual(account.plan);
    expect("secret" in value.data).toBe(false);
  });

  it("answers a mismatch with the issues, naming where", () => {
    const reply = handleCheckMessage({ id: 8, schema: "account", body: { data: { ...account, quota: { posts: "many" } }, meta } }, checkDataResponse);
    expect(reply).toMatchObject({ id: 8, checked: { ok: false, issues: expect.arrayContaining([expect.stringMatching(/^data\.quota\.posts/)]) } });
  });

  it("ignores what is not a request, and reports a check that throws as failed", () => {
    expect(handleCheckMessage("hello", checkDataResponse)).toBeNull();
    expect(handleCheckMessage({ id: "1", schema: "account", body: {} }, checkDataResponse)).toBeNull();
    const reply = handleCheckMessage({ id: 9, schema: "account", body: {} }, () => {
      throw new Error("boom");
    });
    expect(reply).toEqual({ id: 9, failed: "boom" });
  });
});

describe("the client", () => {
  it("starts one worker, lazily, and matches replies to requests by id, whatever their order", async () => {
    const start = vi.fn(() => new FakeWorker());
    const checker = createResponseChecker(start, vi.fn(inThread));
    expect(start).not.toHaveBeenCalled();
    expect(checker.warm()).toBe(true);
    const worker = FakeWorker.instances[0]!;
    worker.hold = true;
    const good = checker.check("account", { data: account, meta });
    const bad = checker.check("account", { data: { ...account, plan: 1 }, meta });
    expect(worker.posted.map((m) => m.id)).toEqual([1, 2]);
    for (const reply of [...worker.held].reverse()) worker.reply(reply);
    expect(await good).toMatchObject({ ok: true, value: { data: { plan: account.plan }, meta } });
    expect(await bad).toMatchObject({ ok: false });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("checks in-thread where there is no Worker, or it cannot be constructed", async () => {
    for (const start of [() => null, () => { throw new DOMException("refused", "SecurityError"); }]) {
      const local = vi.fn(inThread);
      const checker = createResponseChecker(start, local);
      expect(checker.warm()).toBe(false);
      expect(await checker.check("account", { data: account, meta })).toMatchObject({ ok: true });
      expect(local).toHaveBeenCalledTimes(1);
    }
  });

  it("a worker that fails (its script or chunks do not load) hands its pending checks, and every later one, to the in-thread check", async () => {
    const local = vi.fn(inThread);
    const checker = createResponseChecker(() => new FakeWorker(), local);
    checker.warm();
    const worker = FakeWorker.instances[0]!;
    worker.hold = true;
    const pending = checker.check("account", { data: account, meta });
    worker.fail();
    expect(await pending).toMatchObject({ ok: true });
    expect(worker.terminated).toBe(true);
    expect(await checker.check("account", { data: account, meta })).toMatchObject({ ok: true });
    expect(local).toHaveBeenCalledTimes(2);
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it("a check that failed in the worker is done again in-thread; the in-thread check's failure is the caller's", async () => {
    class Failing extends FakeWorker {
      override postMessage(message: CheckRequest): void {
        setTimeout(() => this.reply({ id: message.id, failed: "boom" }), 0);
      }
    }
    const local = vi.fn(inThread);
    expect(await createResponseChecker(() => new Failing(), local).check("account", { data: account, meta })).toMatchObject({ ok: true });
    expect(local).toHaveBeenCalledTimes(1);

    const offline = createResponseChecker(() => null, () => Promise.reject(new Error("chunk failed")));
    await expect(offline.check("account", {})).rejects.toThrow("chunk failed");
  });
});

describe("apiRead with a Worker", () => {
  it("checks in the worker: the parsed value, or response_mismatch with the issues", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    const { apiRead, ApiClientError } = await import("./fetch-json");
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

    fetchMock.mockResolvedValueOnce(json({ data: { ...account, secret: "x" }, meta }));
    const { data } = await apiRead("account", "/api/account");
    expect(data.plan.name).toBe("Про");
    expect("secret" in data).toBe(false);

    fetchMock.mockResolvedValueOnce(json({ data: { ...account, quota: { posts: "many" } }, meta }));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await apiRead("account", "/api/account").catch((e: unknown) => e);
    spy.mockRestore();
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as InstanceType<typeof ApiClientError>).code).toBe("response_mismatch");
    expect((error as InstanceType<typeof ApiClientError>).extras.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^data\.quota\.posts/)]));

    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]!.posted).toHaveLength(2);
  });

  it("falls back to the in-thread check when the worker fails to start", async () => {
    class Broken extends FakeWorker {
      override postMessage(message: CheckRequest): void {
        this.posted.push(message);
        setTimeout(() => this.fail(), 0);
      }
    }
    vi.stubGlobal("Worker", Broken);
    vi.stubGlobal("fetch", vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ data: account, meta }))));
    const { apiRead } = await import("./fetch-json");
    expect((await apiRead("account", "/api/account")).data.plan.name).toBe("Про");
    expect(FakeWorker.instances[0]!.terminated).toBe(true);
  });
});
