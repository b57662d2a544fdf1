// @vitest-environment jsdom
// The calendar says its times as the dashboard's other times do: 12-hour in English ("10:00 AM"),
// 24-hour in Russian ("10:00"), in the reader's zone (here Novosibirsk, Moscow + 4 h).
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import enAnalytics from "@/messages/en/analytics.json";
import enCommon from "@/messages/en/common.json";
import enPlanner from "@/messages/en/planner.json";
import enReview from "@/messages/en/review.json";
import ruAnalytics from "@/messages/ru/analytics.json";
import ruCommon from "@/messages/ru/common.json";
import ruPlanner from "@/messages/ru/planner.json";
import ruReview from "@/messages/ru/review.json";
import type { CalendarCampaign, CalendarPost, CalendarSlot } from "@/lib/schemas/calendar";
import { Agenda } from "./agenda";
import { CalendarGrid } from "./calendar-grid";
import { DataNotes } from "./data-notes";
import { DayPanel } from "./day-panel";

afterEach(cleanup);

const MESSAGES = {
  en: { analytics: enAnalytics, common: enCommon, planner: enPlanner, review: enReview },
  ru: { analytics: ruAnalytics, common: ruCommon, planner: ruPlanner, review: ruReview },
};
const ZONE = "Asia/Novosibirsk";
const DAY = "2026-11-27";

// Planned at 08:30 Moscow time = 12:30 in Novosibirsk; a free slot at 06:00 Moscow = 10:00 there.
const post: CalendarPost = {
  task_id: 41,
  campaign_id: 7,
  campaign_name: "Coffee",
  status: "SCHEDULED",
  post_type: "TEXT",
  excerpt: "Morning beans",
  title: "Morning beans",
  at: "2026-11-27T05:30:00Z",
  day: DAY,
  kind: "planned",
};
const slot: CalendarSlot = { campaign_id: 7, schedule_id: 3, day: DAY, time: "10:00", at: "2026-11-27T03:00:00.000Z", filled: false };
const campaign: CalendarCampaign = {
  id: 7,
  name: "Coffee",
  project_id: 1,
  project_name: "Café",
  status: "ACTIVE",
  stale: false,
  fetched_at: "2026-11-27T05:00:00Z",
  complete: true,
  error: null,
  schedules: [],
  // A type the calendar cannot place: listed in words, at 18:45 Moscow = 22:45 in Novosibirsk.
  unplaced: [{ id: 9, schedule_type: "MONTHLY", time: "18:45" }],
  undated: 0,
};

function inLocale(locale: "en" | "ru", children: ReactNode) {
  return render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone={ZONE}>
      {children}
    </NextIntlClientProvider>,
  );
}
/** Text as read, whatever space ICU puts before AM/PM. */
const text = (el: HTMLElement) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
const name = () => "Coffee";

const CASES = [
  { locale: "en", post: "12:30 PM", slot: "10:00 AM", unplaced: "MONTHLY, 10:45 PM" },
  { locale: "ru", post: "12:30", slot: "10:00", unplaced: "MONTHLY, 22:45" },
] as const;

describe.each(CASES)("calendar times in $locale", (c) => {
  it("the opened day lists the post's and the slot's times", () => {
    inLocale(c.locale, <DayPanel day={DAY} posts={[post]} slots={[slot]} campaignName={name} focusOnOpen={false} onClose={() => {}} />);
    // The post's time is its line's first span, set apart in bold.
    expect(text(screen.getByTestId("day-posts").querySelector<HTMLElement>("li span")!)).toBe(c.post);
    expect(text(screen.getByTestId("day-slots"))).toMatch(new RegExp(`^◌ ${c.slot} · Coffee`));
  });

  it("the phone's agenda lists the post's time and the free slot's", () => {
    inLocale(c.locale, <Agenda days={[DAY]} today={DAY} posts={new Map([[DAY, [post]]])} slots={new Map([[DAY, [slot]]])} campaignName={name} />);
    const day = text(screen.getByTestId("calendar-agenda"));
    expect(day).toContain(`${c.post} `);
    expect(day).toContain(`: ${c.slot} Coffee`);
  });

  it("the week's grid shows the post's time on its chip and the free slot's time", () => {
    const { container } = inLocale(
      c.locale,
      <CalendarGrid
        weeks={[["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", DAY, "2026-11-28", "2026-11-29"]]}
        month={null}
        today={DAY}
        posts={new Map([[DAY, [post]]])}
        slots={new Map([[DAY, [slot]]])}
        expanded
        label="Week"
        openDay={null}
        focusTarget={null}
        onOpen={() => {}}
        onLeave={() => {}}
      />,
    );
    const cell = container.querySelector<HTMLElement>(`button[data-day="${DAY}"]`)!;
    expect(text(cell.querySelector<HTMLElement>(`[data-post-id="${post.task_id}"]`)!)).toBe(`◷ ${c.post} Morning beans`);
    expect(text(cell)).toContain(`◌ ${c.slot}`);
  });

  it("the notes say an unplaced schedule's time", () => {
    inLocale(c.locale, <DataNotes campaigns={[campaign]} />);
    expect(text(screen.getByTestId("calendar-notes"))).toContain(c.unplaced);
  });
});
