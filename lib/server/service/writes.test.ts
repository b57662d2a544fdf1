import { describe, expect, it } from "vitest";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { createService, type UpstreamApi } from "./service";
import { FakeUpstream } from "@/test/support/fake-upstream";

// Any unreadable or failed write answer is followed by a fresh read of the
// post; only a clear refusal (4xx) or our own budget's "no" is taken at its word.

const CID = 7;

function setup(patch: (api: UpstreamApi) => Partial<UpstreamApi> = () => ({})) {
  const clock = new FakeClock();
  const fake = new FakeUpstream(clock, CID, 30);
  const base = fake.api();
  const gw = createGateway({ clock, random: () => 0.5 });
  return { fake, gw, service: createService(gw, { ...base, ...patch(base) }) };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

/** The write lands upstream, then its answer is replaced by `failure`. */
const landsThen = (failure: (id: number) => Error) => (base: UpstreamApi) => ({
  rejectPost: async (id: number, o: Parameters<UpstreamApi["rejectPost"]>[1]) => {
    await base.rejectPost(id, o);
    throw failure(id);
  },
});

describe("writes: the answer is what happened", () => {
  const failures: [string, (id: number) => Error][] = [
    ["a success body that breaks the contract", (id) => new UpstreamContractError(`posts/${id}/reject`, "status", "expected string")],
    ["a 502 after applying", (id) => new UpstreamHttpError(502, "", "", `posts/${id}/reject`)],
    ["a dropped connection", (id) => new UpstreamUnavailableError("network", `posts/${id}/reject`)],
  ];
  for (const [name, failure] of failures) {
    it(`${name}: re-read, reported done (recovered)`, async () => {
      const t = setup(landsThen(failure));
      await t.service.post(4); // cached as waiting: the re-read must not use it
      const r = await t.service.reject(4, CID);
      expect(r).toMatchObject({ task_id: 4, status: "CANCELED", result: "rejected_now", recovered: true });
      expect(r.message).toMatch(/повторное чтение поста подтвердило: пост отклонён/);
      expect(t.fake.count("rejectPost")).toBe(1);
      expect(t.fake.count("getPost")).toBe(2);
    });
  }

  it("the same failures without the write landing: the original error", async () => {
    const t = setup(() => ({ rejectPost: async (id) => Promise.reject(new UpstreamContractError(`posts/${id}/reject`, "(body)", "bad json")) }));
    expect(await rejection(t.service.reject(5, CID))).toBeInstanceOf(UpstreamContractError);
    expect(t.fake.count("getPost")).toBe(1);
  });

  it("a clear refusal (409) is believed: no re-read", async () => {
    const t = setup(() => ({ rejectPost: async (id) => Promise.reject(new UpstreamHttpError(409, "conflict", "Нельзя", `posts/${id}/reject`)) }));
    expect(await rejection(t.service.reject(6, CID))).toBeInstanceOf(UpstreamHttpError);
    expect(t.fake.count("getPost")).toBe(0);
  });
});
