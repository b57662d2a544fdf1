import { createFormatter } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { DAY, dayToDate } from "./use-labels";

// A calendar day (a campaign's end, a trend's row, an analytics day) is the same day whichever zone the
// reader chose: Honolulu (UTC−10) saw the day before when it was formatted as noon Moscow time.
describe("a calendar day's label", () => {
  it.each(["Pacific/Honolulu", "America/Los_Angeles", "Europe/Moscow", "Asia/Novosibirsk", "Asia/Kamchatka", "Pacific/Kiritimati"])(
    "reads as that day in %s",
    (timeZone) => {
      const format = createFormatter({ locale: "en", timeZone });
      expect(format.dateTime(dayToDate("2026-03-01"), { ...DAY, dateStyle: "medium" })).toBe("Mar 1, 2026");
      expect(format.dateTime(dayToDate("2026-12-31"), { ...DAY, day: "numeric", month: "short" })).toBe("Dec 31");
    },
  );
});
