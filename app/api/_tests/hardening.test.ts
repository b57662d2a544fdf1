import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NextRouteHandler } from "@/lib/server/route";
import { GET as bulkJobs, POST as startBulk } from "@/app/api/bulk-jobs/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { POST as approve } from "@/app/api/posts/[id]/approve/route";
import { GET as post } from "@/app/api/posts/[id]/route";
import { admin, call, errorOf, startHarness, type CallOptions, type Harness } from "./harness";

/** 2^53 + 1: as a JS number it silently becomes 2^53, another id. */
const UNSAFE = "9007199254740993";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const upstreamCalls = async () => ((await (await admin(h.simUrl, "stats")).json()) as { total: number }).total;

describe("ids and numbers above Number.MAX_SAFE_INTEGER", () => {
  const cases: [string, NextRouteHandler, string, CallOptions][] = [
    ["post id", post, `/api/posts/${UNSAFE}`, { role: "reviewer", params: { id: UNSAFE } }],
    ["approve id", approve, `/api/posts/${UNSAFE}/approve`, { role: "editor", method: "POST", params: { id: UNSAFE }, body: {} }],
    ["campaign id", campaignPosts, `/api/campaigns/${UNSAFE}/posts`, { role: "reviewer", params: { id: UNSAFE } }],
    ["offset", campaignPosts, `/api/campaigns/1/posts?offset=${UNSAFE}`, { role: "reviewer", params: { id: "1" } }],
    ["project_id", campaigns, `/api/campaigns?project_id=${UNSAFE}`, { role: "reviewer" }],
    ["bulk campaign_id query", bulkJobs, `/api/bulk-jobs?campaign_id=${UNSAFE}`, { role: "editor" }],
    [
      "bulk task_ids body",
      startBulk,
      "/api/bulk-jobs",
      // Sent as raw JSON text: JSON.parse is where the precision would be lost.
      { role: "editor", method: "POST", body: `{"action":"approve","campaign_id":1,"task_ids":[${UNSAFE}]}` },
    ],
  ];
  for (const [name, handler, url, o] of cases) {
    it(`${name} → 400 validation_error, and nothing is asked of the upstream`, async () => {
      const before = await upstreamCalls();
      const res = await call(handler, url, o);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("validation_error");
      expect(await upstreamCalls()).toBe(before);
    });
  }

  it("still accepts the largest safe id", async () => {
    const res = await call(post, "/api/posts/9007199254740991", { role: "reviewer", params: { id: "9007199254740991" } });
    expect(res.status).toBe(404);
  });
});
