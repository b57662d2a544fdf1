import { describe, expect, it } from "vitest";
import { readEvent, readHello } from "./guard";
import { parseEventData, parseHelloData } from "./schema";

// The browser's hand-written reading must agree with the zod schema the server uses, event for event.
const VALID: unknown[] = [
  { type: "post", task_id: 1, reason: "decision" },
  { type: "post", task_id: 1, campaign_id: 2, status: "APPROVED", reason: "webhook" },
  { type: "campaign", campaign_id: 2, reason: "bulk" },
  { type: "bulk", job_id: 3, campaign_id: 2, status: "running", ok: 1, failed: 0, total: 5 },
  { type: "bulk", job_id: 3, campaign_id: 2, status: "done", ok: 1, failed: 0, unknown: 4, total: 5 },
  { type: "comment", task_id: 1, comment_id: 9, action: "edited" },
  { type: "comment", task_id: 1, campaign_id: 2, comment_id: 9, action: "deleted" },
  { type: "verdict", task_id: 1, version: 2, verdict: "ok", by: "Анна" },
  { type: "presence", task_id: 1, campaign_id: 2, count: 3 },
  { type: "notification", to: "a@example.com", unread: 4 },
  { type: "post", task_id: 1, reason: "refresh", extra: "dropped" },
];

const INVALID: unknown[] = [
  null,
  [],
  "post",
  42,
  {},
  { type: "unknown", task_id: 1 },
  { type: "toString", task_id: 1 },
  { type: "post", task_id: "1", reason: "decision" },
  { type: "post", task_id: 1, reason: "other" },
  { type: "post", task_id: 1, campaign_id: null, reason: "decision" },
  { type: "post", reason: "decision" },
  { type: "bulk", job_id: 3, campaign_id: 2, status: "running", ok: 1, failed: 0 },
  { type: "bulk", job_id: 3, campaign_id: 2, status: "done", ok: 1, failed: 0, unknown: "4", total: 5 },
  { type: "comment", task_id: 1, comment_id: 9, action: "created", campaign_id: "2" },
  { type: "verdict", task_id: 1, version: 2, verdict: "ok" },
  { type: "presence", task_id: 1, count: true },
  { type: "notification", to: 5, unread: 4 },
];

describe("the browser's event guard", () => {
  it.each(VALID.map((e) => [JSON.stringify(e)]))("reads %s as the schema does", (text) => {
    const zod = parseEventData(text);
    expect(zod).not.toBeNull();
    expect(readEvent(text)).toEqual(zod);
  });

  it.each(INVALID.map((e) => [JSON.stringify(e)]))("refuses %s as the schema does", (text) => {
    expect(parseEventData(text)).toBeNull();
    expect(readEvent(text)).toBeNull();
  });

  it("refuses what is not JSON", () => {
    expect(readEvent("{")).toBeNull();
    expect(readHello("nope")).toBeNull();
  });

  it("reads the hello as the schema does", () => {
    for (const hello of [{ notifications: true }, { notifications: false, more: 1 }, { notifications: "yes" }, {}, null]) {
      const text = JSON.stringify(hello);
      expect(readHello(text)).toEqual(parseHelloData(text));
    }
  });
});
