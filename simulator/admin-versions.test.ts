// @vitest-environment node
// POST /__admin/posts/<id>/versions: a version made outside the API (an edit in
// the service's own UI), which the dashboard's pinned decisions are tested with.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorHandle } from "./server";
import { client, quietSimulator } from "./testing";

type Version = { version_number: number; text_content: string; source: string; is_active: boolean; created_at: string };
type Detail = { task_id: number; status: string; text: string; updated_at: string | null; versions: Version[] };
type ErrorBody = { error: { code: string; message: string } };

let sim: SimulatorHandle;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  sim = await quietSimulator();
  api = client(sim);
});
afterAll(() => sim.close());

const addVersion = (id: number, body: unknown) => api.post<Detail & ErrorBody>(`/__admin/posts/${id}/versions`, body);

async function waitingPost(): Promise<Detail> {
  const list = await api.get<{ posts: { task_id: number }[] }>("campaigns/101/posts/?status=WAITING_APPROVAL&limit=100");
  for (const p of list.body.posts) {
    const d = await api.get<Detail>(`posts/${p.task_id}/`);
    if (d.body.versions.length <= 7) return d.body;
  }
  throw new Error("no waiting post with room for versions");
}

describe("POST /__admin/posts/<id>/versions", () => {
  it("adds the active version (a manual edit by default), moves updated_at, and the API shows it", async () => {
    const before = await waitingPost();
    const res = await addVersion(before.task_id, { text_content: "  Новый текст поста, правка в сервисе.  " });
    expect(res.status).toBe(201);
    const last = Math.max(...before.versions.map((v) => v.version_number));
    const added = res.body.versions.find((v) => v.is_active);
    expect(added).toMatchObject({ version_number: last + 1, text_content: "Новый текст поста, правка в сервисе.", source: "MANUAL_EDIT" });
    expect(res.body.versions.filter((v) => v.is_active)).toHaveLength(1);
    expect(res.body.versions).toHaveLength(before.versions.length + 1);
    expect(Date.parse(res.body.updated_at ?? "")).toBeGreaterThan(Date.parse(before.updated_at ?? "0"));

    // The API's own reads agree: the detail, and the list item's text (the active version's), found by `since`.
    const detail = await api.get<Detail>(`posts/${before.task_id}/`);
    expect(detail.body.versions).toEqual(res.body.versions);
    const since = encodeURIComponent(before.updated_at ?? "2000-01-01T00:00:00Z");
    const list = await api.get<{ posts: { task_id: number; text: string }[] }>(`campaigns/101/posts/?status=WAITING_APPROVAL&since=${since}&limit=100`);
    expect(list.body.posts.find((p) => p.task_id === before.task_id)?.text).toBe("Новый текст поста, правка в сервисе.");
  });

  it("takes REGENERATION as the source too", async () => {
    const p = await waitingPost();
    const res = await addVersion(p.task_id, { text_content: "Перегенерированный текст", source: "REGENERATION" });
    expect(res.status).toBe(201);
    expect(res.body.versions.find((v) => v.is_active)?.source).toBe("REGENERATION");
  });

  it("refuses a bad body with 400 and an unknown post with 404, in the API's error format", async () => {
    const p = await waitingPost();
    for (const body of [{}, { text_content: "   " }, { text_content: "x", source: "INITIAL" }, { text_content: 5 }]) {
      const res = await addVersion(p.task_id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    const missing = await addVersion(99_999_999, { text_content: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    expect((await api.get<Detail>(`posts/${p.task_id}/`)).body.versions).toEqual(p.versions);
  });

  it("stops at the limit of 10 versions per post with a 409 conflict", async () => {
    const p = await waitingPost();
    for (let n = p.versions.length; n < 10; n++) expect((await addVersion(p.task_id, { text_content: `Правка ${n}` })).status).toBe(201);
    const full = await addVersion(p.task_id, { text_content: "Одиннадцатая" });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe("conflict");
    expect(full.body.error.message).toMatch(/10 версий/);
    const after = await api.get<Detail>(`posts/${p.task_id}/`);
    expect(after.body.versions).toHaveLength(10);
    expect(after.body.versions.find((v) => v.is_active)?.text_content).toBe("Правка 9");
  });
});
