import { describe, expect, it } from "vitest";
import { agendaDays } from "./agenda-days";

const november = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
const busy = ["2026-11-01", "2026-11-12", "2026-11-27", "2026-11-28", "2026-11-30"];

describe("the phone's agenda", () => {
  it("starts today in the period that holds it, with the earlier days counted behind a button", () => {
    expect(agendaDays(busy, november, "2026-11-27", false)).toEqual({ shown: ["2026-11-27", "2026-11-28", "2026-11-30"], earlier: 2 });
    // Today with nothing on it: the agenda starts at the next busy day.
    expect(agendaDays(busy, november, "2026-11-13", false)).toEqual({ shown: ["2026-11-27", "2026-11-28", "2026-11-30"], earlier: 2 });
  });

  it("shows the earlier days once asked, and a past or coming period whole", () => {
    expect(agendaDays(busy, november, "2026-11-27", true).shown).toEqual(busy);
    expect(agendaDays(busy, november, "2026-12-03", false)).toEqual({ shown: busy, earlier: 0 });
    expect(agendaDays(busy, november, "2026-10-31", false)).toEqual({ shown: busy, earlier: 0 });
  });
});
