import { describe, expect, it } from "vitest";
import { ROLES } from "@/lib/auth/roles";
import { mayReceive } from "@/lib/server/events/access";
import { targetsFor } from "@/lib/events/invalidate";
import { parseEventData } from "@/lib/events/schema";
import { notifyKeys } from "@/lib/queries/notify";

// A notification event names one person: only their streams may carry it, whatever the role.
describe("the notification event on the live stream", () => {
  const event = { type: "notification", to: "anna@example.com", unread: 3 } as const;

  it("reaches only the person it is for, in every role", () => {
    for (const role of ROLES) {
      expect(mayReceive(role, event, "anna@example.com")).toBe(true);
      expect(mayReceive(role, event, "Anna@Example.com")).toBe(true);
      expect(mayReceive(role, event, "boris@example.com")).toBe(false);
      expect(mayReceive(role, event)).toBe(false);
    }
  });

  it("parses in the browser and refreshes the bell's list", () => {
    const parsed = parseEventData(JSON.stringify(event));
    expect(parsed).toEqual(event);
    const keys = targetsFor(event).map((t) => ("key" in t ? t.key : null));
    expect(keys).toEqual([notifyKeys.list]);
  });
});
