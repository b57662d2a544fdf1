import { describe, expect, it } from "vitest";
import { inboxFilterCount, queueFilterCount } from "./filter-count";
import { INBOX_DEFAULTS } from "./inbox";
import { QUEUE_DEFAULTS } from "./queue";

const none = { verdict: null, checks: null };

describe("the phone's filter count", () => {
  it("counts each inbox filter that narrows the list once, however many values it has", () => {
    expect(inboxFilterCount(INBOX_DEFAULTS, none)).toBe(0);
    expect(inboxFilterCount({ ...INBOX_DEFAULTS, page: 3, size: 50 }, none)).toBe(0);
    expect(inboxFilterCount({ ...INBOX_DEFAULTS, types: ["IMAGE", "ALBUM"] }, none)).toBe(1);
    expect(inboxFilterCount({ ...INBOX_DEFAULTS, project: 2, campaign: 5, urgencies: ["overdue"] }, { verdict: "mine", checks: "blocked" })).toBe(5);
  });

  it("counts the queue's statuses only when they are not the default, and never its sort", () => {
    expect(queueFilterCount(QUEUE_DEFAULTS, none)).toBe(0);
    expect(queueFilterCount({ statuses: ["WAITING_APPROVAL", "APPROVED"] }, none)).toBe(1);
    expect(queueFilterCount(QUEUE_DEFAULTS, { verdict: "changes", checks: "warnings" })).toBe(2);
    expect(queueFilterCount(QUEUE_DEFAULTS, { verdict: "mine", checks: null })).toBe(0);
  });
});
