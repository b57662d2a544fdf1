// @vitest-environment node
// Faults on demand: 5xx share, malformed bodies (syntax / schema), latency, being down.

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { malform, parseFaultEnv } from "./faults";
import { optionsFromEnv } from "./options";
import * as S from "./schemas";
import type { SimulatorHandle } from "./server";
import { client, quietSimulator } from "./testing";

let sim: SimulatorHandle;
let api: ReturnType<typeof client>;
const setFaults = async (body: Record<string, unknown>): Promise<Response> =>
  fetch(`${sim.url}/__admin/faults`, { method: "POST", body: JSON.stringify(body) });

beforeAll(async () => {
  sim = await quietSimulator();
  api = client(sim);
});
afterEach(async () => {
  await setFaults({ latency_ms: 0, error_rate: 0, malformed_rate: 0, down: false, late_write_ms: 0, late_write_answer: "after" });
});
afterAll(() => sim.close());

describe("faults", () => {
  it("error_rate 1 answers every API request with a 5xx", async () => {
    expect((await setFaults({ error_rate: 1 })).status).toBe(200);
    const statuses = await Promise.all(Array.from({ length: 12 }, () => api.get("account/").then((r) => r.status)));
    expect(statuses.every((s) => s >= 500 && s <= 599)).toBe(true);
    const stats = (await (await fetch(`${sim.url}/__admin/stats`)).json()) as { by_status: Record<string, number> };
    expect(Object.keys(stats.by_status).some((k) => k.startsWith("5"))).toBe(true);
  });

  it("malformed syntax: 200 with a body that is not JSON", async () => {
    await setFaults({ malformed_rate: 1, malformed: "syntax" });
    const res = await fetch(`${sim.url}/api/v1/ext/account/`, { headers: { Authorization: "Bearer demo-key" } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it("malformed schema: valid JSON with a wrong field type", async () => {
    await setFaults({ malformed_rate: 1, malformed: "schema" });
    for (const path of ["account/", "campaigns/101/", "campaigns/101/posts/?limit=5"]) {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      expect(typeof res.body).toBe("object");
      const schema = path === "account/" ? S.account : path.includes("posts") ? S.postList : S.campaignDetail;
      expect(schema.safeParse(res.body).success).toBe(false);
    }
  });

  it("latency delays answers", async () => {
    await setFaults({ latency_ms: 300 });
    const t = Date.now();
    expect((await api.get("account/")).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
  });

  it("down drops connections until switched back", async () => {
    await setFaults({ down: true });
    await expect(fetch(`${sim.url}/api/v1/ext/account/`, { headers: { Authorization: "Bearer demo-key" } })).rejects.toThrow();
    await setFaults({ down: false });
    expect((await api.get("account/")).status).toBe(200);
  });

  it("late_write_ms applies a write after the client gave up, and 'never' applies it without an answer", async () => {
    const waiting = async (): Promise<number> => {
      const { body } = await api.get<{ posts: { task_id: number }[] }>("campaigns/101/posts/?status=WAITING_APPROVAL&limit=5");
      return body.posts[0]!.task_id;
    };
    const status = async (id: number): Promise<string> => (await api.get<{ status: string }>(`posts/${id}/`)).body.status;
    await setFaults({ late_write_ms: 400 });
    const first = await waiting();
    // The client stops waiting at 100 ms; the write is still applied at 400 ms.
    await expect(fetch(`${sim.url}/api/v1/ext/posts/${first}/approve`, { method: "POST", headers: { Authorization: "Bearer demo-key" }, signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(await status(first)).toBe("WAITING_APPROVAL");
    await new Promise((r) => setTimeout(r, 500));
    expect(await status(first)).toBe("APPROVED");

    await setFaults({ late_write_ms: 50, late_write_answer: "never" });
    const second = await waiting();
    await expect(fetch(`${sim.url}/api/v1/ext/posts/${second}/reject`, { method: "POST", headers: { Authorization: "Bearer demo-key" } })).rejects.toThrow();
    expect(await status(second)).toBe("CANCELED");
    // Reads are not held.
    const t = Date.now();
    await status(second);
    expect(Date.now() - t).toBeLessThan(50);
  });

  it("rejects invalid settings", async () => {
    expect((await setFaults({ error_rate: 2 })).status).toBe(400);
    expect((await setFaults({ malformed: "html" })).status).toBe(400);
    expect((await setFaults({ late_write_answer: "maybe" })).status).toBe(400);
  });
});

describe("settings from env", () => {
  it("reads the SIMULATOR_* variables with their defaults", () => {
    expect(optionsFromEnv({})).toMatchObject({ port: 4010, host: "127.0.0.1", seed: 42, timeScale: 1, limits: true, apiKey: "demo-key", admin: false, mediaTtl: 86_400, log: false });
    expect(
      optionsFromEnv({ SIMULATOR_PORT: "0", SIMULATOR_TIME_SCALE: "60", SIMULATOR_LIMITS: "off", SIMULATOR_ADMIN: "1", SIMULATOR_SEED: "7", SIMULATOR_API_KEY: "k", SIMULATOR_MEDIA_TTL: "5", SIMULATOR_PUBLIC_URL: "http://sim.test" }),
    ).toMatchObject({ port: 0, timeScale: 60, limits: false, admin: true, seed: 7, apiKey: "k", mediaTtl: 5, publicUrl: "http://sim.test" });
    expect(optionsFromEnv({ SIMULATOR_START_TIME: "2026-11-20T10:00:00+03:00" }).startTime).toBe(Date.parse("2026-11-20T07:00:00Z"));
    expect(() => optionsFromEnv({ SIMULATOR_PORT: "abc" })).toThrow();
  });

  it("parses env", () => {
    expect(parseFaultEnv({})).toEqual({ latencyMs: 0, errorRate: 0, malformedRate: 0, malformed: "syntax", down: false, lateWriteMs: 0, lateWriteAnswer: "after" });
    expect(parseFaultEnv({ SIMULATOR_FAULT_LATE_WRITE_MS: "9000", SIMULATOR_FAULT_LATE_WRITE_ANSWER: "never" })).toMatchObject({ lateWriteMs: 9000, lateWriteAnswer: "never" });
    expect(parseFaultEnv({ SIMULATOR_FAULT_LATENCY_MS: "250", SIMULATOR_FAULT_ERROR_RATE: "0.2", SIMULATOR_FAULT_MALFORMED: "schema:0.5", SIMULATOR_FAULT_DOWN: "1" })).toEqual({
      latencyMs: 250, errorRate: 0.2, malformedRate: 0.5, malformed: "schema", down: true, lateWriteMs: 0, lateWriteAnswer: "after",
    });
    expect(parseFaultEnv({ SIMULATOR_FAULT_MALFORMED: "0.3", SIMULATOR_FAULT_MALFORMED_MODE: "schema" })).toMatchObject({ malformedRate: 0.3, malformed: "schema" });
  });

  it("malform never yields the original document", () => {
    const body = JSON.stringify({ total: 3, posts: [{ task_id: 1 }] });
    for (let i = 0; i < 50; i++) {
      expect(() => JSON.parse(malform(body, "syntax")) as unknown).toThrow();
      expect(malform(body, "schema")).not.toBe(body);
    }
    expect(() => JSON.parse(malform("5", "syntax")) as unknown).toThrow();
  });
});

describe("admin routes are off by default", () => {
  it("answer 404 without SIMULATOR_ADMIN", async () => {
    const plain = await quietSimulator({ admin: false });
    try {
      for (const path of ["/__admin/faults", "/__admin/stats", "/__admin/"]) expect((await fetch(`${plain.url}${path}`)).status).toBe(404);
      expect((await fetch(`${plain.url}/__admin/reset`, { method: "POST" })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
