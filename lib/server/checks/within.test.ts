import { describe, expect, it } from "vitest";
import { within } from "./row-marks";

// A page hands the browser a check only when it is at hand: a slow one is refused in time (and left
// running, so its report is stored), never waited for.
describe("within", () => {
  it("answers with work done in time, refuses work that is not, and the late work still finishes", async () => {
    await expect(within(Promise.resolve(7), 50)).resolves.toBe(7);
    let finished = false;
    const slow = new Promise<number>((resolve) => setTimeout(() => resolve((finished = true) ? 1 : 0), 120));
    await expect(within(slow, 30)).rejects.toThrow(/not within 30 ms/);
    // Refused while the work still runs, not waited for: its 120 ms timer comes after the 30 ms one
    // however busy the machine (a bound on the elapsed time, 110 ms, could fail under load).
    expect(finished).toBe(false);
    await slow;
    expect(finished).toBe(true);
  });

  it("passes a failure in time on, and a late failure goes unreported", async () => {
    await expect(within(Promise.reject(new Error("db down")), 50)).rejects.toThrow("db down");
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 40));
    await expect(within(late, 10)).rejects.toThrow(/not within/);
    await new Promise((r) => setTimeout(r, 60)); // an unhandled rejection here would fail the run
  });
});
