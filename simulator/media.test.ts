// @vitest-environment node
// Signed media links: real files with the right Content-Type, Range support, real expiry.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorHandle } from "./server";
import { client, quietSimulator } from "./testing";

interface Media {
  post_type: string;
  images: { url: string }[];
  video: { url: string; filename: string; file_size: number } | null;
  documents: { url: string; filename: string; file_size: number }[];
  expires_in: number;
}
interface PostList {
  posts: { task_id: number; post_type: string; media: Media | null }[];
}

let sim: SimulatorHandle;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  sim = await quietSimulator({ mediaTtl: 2 });
  api = client(sim);
});
afterAll(() => sim.close());

async function mediaOf(type: string): Promise<Media> {
  for (const id of [101, 105, 108, 102]) {
    const res = await api.get<PostList>(`campaigns/${id}/posts/?limit=100&status=PUBLISHED`);
    const p = res.body.posts.find((x) => x.post_type === type && x.media);
    if (p?.media) return p.media;
  }
  throw new Error(`no ${type} post`);
}

describe("media links", () => {
  it("serve real files with the right type; video supports Range; links expire for real", async () => {
    const video = await mediaOf("VIDEO");
    expect(video.expires_in).toBe(2);
    const url = video.video?.url ?? "";
    expect(url.startsWith(`${sim.url}/media/`)).toBe(true);
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toMatch(/^video\/(mp4|webm)$/);
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect(bytes.length).toBe(video.video?.file_size);

    const part = await fetch(url, { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await fetch(url, { headers: { Range: "bytes=-10" } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    expect((await fetch(url, { headers: { Range: `bytes=${bytes.length + 5}-` } })).status).toBe(416);

    const doc = (await mediaOf("DOCUMENT")).documents[0];
    const pdf = await fetch(doc?.url ?? "");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const img = await fetch((await mediaOf("IMAGE")).images[0]?.url ?? "");
    expect(img.headers.get("content-type")).toMatch(/^image\/(jpeg|png)$/);

    const tampered = url.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === "0" ? "1" : "0"}`);
    expect((await fetch(tampered)).status).toBe(403);

    await new Promise((r) => setTimeout(r, 3_100));
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe("link_expired");
    // A fresh answer carries fresh links.
    const again = await fetch((await mediaOf("VIDEO")).video?.url ?? "");
    expect(again.status).toBe(200);
  });
});
