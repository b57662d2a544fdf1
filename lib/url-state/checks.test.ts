import { describe, expect, it } from "vitest";
import { inboxApiQuery } from "@/lib/queries/inbox";
import { parseChecksUrl } from "./checks";
import { QUEUE_DEFAULTS, queueApiQuery } from "./queue";

// `?checks=` is read the same by the server page and the select, and reaches the list's query only when set.
describe("checks filter URL state", () => {
  it("reads the three verdicts and nothing else", () => {
    for (const v of ["clean", "warnings", "blocked"] as const) expect(parseChecksUrl(`?checks=${v}`).checks).toBe(v);
    for (const bad of ["?checks=dirty", "?checks=CLEAN", "?checks=", ""]) expect(parseChecksUrl(bad).checks).toBeNull();
  });

  it("adds `checks` to the queue's and the inbox's API query only when set, so the plain list keeps its cache entry", () => {
    expect(queueApiQuery({ ...QUEUE_DEFAULTS, checks: null })).not.toHaveProperty("checks");
    expect(queueApiQuery({ ...QUEUE_DEFAULTS, checks: "blocked" })).toMatchObject({ checks: "blocked", offset: 0 });
    expect(JSON.parse(JSON.stringify(inboxApiQuery({ limit: 20, checks: null })))).toEqual({ limit: 20 });
    expect(inboxApiQuery({ limit: 20, checks: "warnings" })).toMatchObject({ checks: "warnings" });
  });
});
