import "server-only";
import type { DataMeta, DataResponse } from "@/lib/api/envelope";
import { calendarKind, dayOfInstant, inRange } from "@/lib/analytics/calendar";
import { dateTimeFormat, shiftDay } from "@/lib/analytics/dates";
import { isPlaceable, markFilled, scheduleSlots } from "@/lib/analytics/schedule-slots";
import type { Calendar, CalendarCampaign, CalendarPost, CalendarQuery, CalendarSlot } from "@/lib/schemas/calendar";
import type { CampaignListItem, Post, Schedule } from "@/lib/schemas";
import { toApiError } from "@/lib/server/errors";
import type { Priority, Service } from "@/lib/server/upstream-service";
import { postTitle } from "@/lib/posts/title";

/**
 * GET /api/calendar's answer, joined from what the service already keeps:
 * the active/frozen campaigns list, each campaign's synced posts list (every
 * status but CANCELED, the upstream's default filter: planned and published
 * alike) and its schedules. All three are cached reads; the posts list is one
 * cut of the campaign's mirror, refreshed by a small `since` call.
 *
 * A campaign whose list cannot be read is reported in its own row (stale
 * copy, or an error when there is nothing to serve) rather than failing the
 * whole calendar: the other campaigns still show.
 */
export type CalendarService = Pick<Service, "campaigns" | "campaignPosts" | "campaignSchedules">;

/** A campaign with more posts than this shows only its newest PAGE, as when lists were mirrored up to this size. */
const MIRRORED = 500;
const PAGE = 100;
const EXCERPT = 140;
const LIST_STATUSES: NonNullable<Parameters<Service["campaigns"]>[0]["status"]> = ["ACTIVE", "FROZEN"];

type Part = { row: CalendarCampaign; posts: CalendarPost[]; slots: CalendarSlot[]; meta: DataMeta | null };

async function allPosts(svc: CalendarService, id: number, p: Priority): Promise<{ posts: Post[]; complete: boolean; meta: DataMeta }> {
  const r = await svc.campaignPosts(id, { sort: "-publish_at", limit: MIRRORED, offset: 0 }, p);
  const complete = r.data.total <= MIRRORED;
  return { posts: complete ? r.data.posts : r.data.posts.slice(0, PAGE), complete, meta: r.meta };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= EXCERPT ? flat : `${flat.slice(0, EXCERPT - 1)}…`;
}

function placePosts(posts: readonly Post[], q: CalendarQuery, timeZone: string): { placed: CalendarPost[]; undated: number } {
  let undated = 0;
  const placed: CalendarPost[] = [];
  for (const p of posts) {
    if (!p.published_at || Number.isNaN(Date.parse(p.published_at))) {
      undated++;
      continue;
    }
    const day = dayOfInstant(p.published_at, timeZone);
    if (!inRange(day, q.from, q.to)) continue;
    placed.push({
      task_id: p.task_id,
      campaign_id: p.campaign_id,
      campaign_name: p.campaign_name,
      status: p.status,
      post_type: p.post_type,
      excerpt: excerpt(p.text),
      title: postTitle(p.text),
      at: p.published_at,
      day,
      kind: calendarKind(p.status),
    });
  }
  return { placed, undated };
}

/**
 * The campaign's slots in the range, each marked filled when one of its posts took it. Schedules
 * fire on the service's Moscow days; each slot is placed on its day and time in `timeZone`.
 */
function slotsOf(campaignId: number, schedules: readonly Schedule[], posts: readonly CalendarPost[], from: string, to: string, timeZone: string): CalendarSlot[] {
  const time = dateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const slots = schedules.flatMap((s) =>
    scheduleSlots(s, shiftDay(from, -1), shiftDay(to, 1)).flatMap((slot) => {
      const day = dayOfInstant(slot.at, timeZone);
      return inRange(day, from, to) ? [{ campaign_id: campaignId, schedule_id: s.id, ...slot, day, time: time.format(new Date(slot.at)) }] : [];
    }),
  );
  return markFilled(slots, posts);
}

async function part(svc: CalendarService, c: CampaignListItem, q: CalendarQuery, p: Priority, timeZone: string): Promise<Part> {
  const base = { id: c.id, name: c.name, project_id: c.project_id, project_name: c.project_name, status: c.status };
  const [posts, schedules] = await Promise.allSettled([allPosts(svc, c.id, p), svc.campaignSchedules(c.id, p)]);
  const list = schedules.status === "fulfilled" ? schedules.value.data.schedules : [];
  if (posts.status === "rejected") {
    const e = toApiError(posts.reason);
    return {
      row: { ...base, stale: true, fetched_at: null, complete: false, error: { code: e.code, message: e.message }, schedules: list, unplaced: list.filter((s) => !isPlaceable(s)), undated: 0 },
      posts: [],
      slots: slotsOf(c.id, list, [], q.from, q.to, timeZone),
      meta: null,
    };
  }
  const { placed, undated } = placePosts(posts.value.posts, q, timeZone);
  const scheduleError = schedules.status === "rejected" ? toApiError(schedules.reason) : null;
  const stale = posts.value.meta.stale || (schedules.status === "fulfilled" && schedules.value.meta.stale) || scheduleError !== null;
  return {
    row: {
      ...base,
      stale,
      fetched_at: posts.value.meta.fetchedAt,
      complete: posts.value.complete,
      error: scheduleError ? { code: scheduleError.code, message: scheduleError.message } : null,
      schedules: list,
      unplaced: list.filter((s) => !isPlaceable(s)),
      undated,
    },
    posts: placed,
    slots: slotsOf(c.id, list, placed.filter((x) => x.kind !== "other"), q.from, q.to, timeZone),
    meta: posts.value.meta,
  };
}

/** Stale when any part is; `fetchedAt` the oldest read; `retryAt` the soonest retry among stale parts. */
function metaOf(list: DataMeta, parts: readonly Part[]): DataMeta {
  const metas = [list, ...parts.flatMap((x) => (x.meta ? [x.meta] : []))];
  const stale = metas.some((m) => m.stale) || parts.some((x) => x.row.stale);
  const oldest = metas.reduce((a, m) => (Date.parse(m.fetchedAt) < Date.parse(a) ? m.fetchedAt : a), list.fetchedAt);
  const retries = metas.flatMap((m) => (m.retryAt ? [m.retryAt] : [])).sort();
  return { stale, fetchedAt: oldest, ...(stale && retries[0] ? { retryAt: retries[0] } : {}) };
}

/** Days and slot times are `timeZone`'s: the person's, or the team's (lib/server/profile/request-zone.ts). */
export async function calendarAnswer(svc: CalendarService, q: CalendarQuery, p: Priority, timeZone: string): Promise<DataResponse<Calendar>> {
  const campaigns = await svc.campaigns({ status: LIST_STATUSES }, p);
  const scope = campaigns.data.campaigns.filter((c) => q.campaign_id === undefined || c.id === q.campaign_id);
  const parts = await Promise.all(scope.map((c) => part(svc, c, q, p, timeZone)));
  const byTime = (a: { at: string }, b: { at: string }) => Date.parse(a.at) - Date.parse(b.at);
  return {
    data: {
      from: q.from,
      to: q.to,
      time_zone: timeZone,
      posts: parts.flatMap((x) => x.posts).sort((a, b) => byTime(a, b) || a.task_id - b.task_id),
      slots: parts.flatMap((x) => x.slots).sort((a, b) => byTime(a, b) || a.campaign_id - b.campaign_id),
      campaigns: parts.map((x) => x.row),
    },
    meta: metaOf(campaigns.meta, parts),
  };
}
