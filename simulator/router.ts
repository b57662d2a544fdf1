// The external API of section 4, relative to /api/v1/ext/. Paths match exactly as the spec
// writes them (trailing slashes included; posts/latest, approve and reject without one).

import { ApiError, notFound, type JsonAnswer } from "./http";
import type { MediaLinker } from "./media";
import {
  accountJson,
  campaignDetailJson,
  campaignJson,
  channelJson,
  historyJson,
  postDetailJson,
  postJson,
  postMetricsJson,
  projectJson,
  scheduleJson,
} from "./serialize";
import { parseDateTime, parseEnum, parseInteger, parseList } from "./validation";
import { approve, reject } from "./world/actions";
import type { World } from "./world/state";
import { CAMPAIGN_STATUSES, METRIC_TYPES, POST_STATUSES, SORTS, type Campaign, type Post, type PostSort } from "./world/types";

export interface ApiContext {
  world: World;
  now: number;
  links: MediaLinker;
  rejectOther: "result" | "conflict";
}

type Handler = (ctx: ApiContext, ids: number[], q: URLSearchParams) => JsonAnswer;

interface Route {
  method: "GET" | "POST";
  template: string;
  pattern: RegExp;
  handle: Handler;
}

const ok = (body: unknown): JsonAnswer => ({ status: 200, body });

function campaignOf(ctx: ApiContext, id: number): Campaign {
  const c = ctx.world.campaign(id);
  if (!c) throw notFound("Кампания не найдена.");
  return c;
}

function postOf(ctx: ApiContext, id: number): Post {
  const p = ctx.world.post(id);
  if (!p) throw notFound("Пост не найден.");
  return p;
}

const id0 = (ids: number[]): number => ids[0] ?? 0;

/** Nulls last in both directions; task_id breaks ties so pages never overlap or skip. */
function comparePosts(sort: PostSort): (a: Post, b: Post) => number {
  const desc = sort.startsWith("-");
  const field = sort.endsWith("publish_at") ? "publishedAt" : "createdAt";
  const dir = desc ? -1 : 1;
  return (a, b) => {
    const x = a[field];
    const y = b[field];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x - y) * dir;
    }
    return (a.id - b.id) * dir;
  };
}

const isPublished = (p: Post): boolean => p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED";

function listPosts(ctx: ApiContext, ids: number[], q: URLSearchParams): JsonAnswer {
  const c = campaignOf(ctx, id0(ids));
  const statuses = parseList(q, "status", POST_STATUSES, POST_STATUSES.filter((s) => s !== "CANCELED"));
  const sort = parseEnum(q, "sort", SORTS, "-publish_at") ?? "-publish_at";
  const since = parseDateTime(q, "since");
  const limit = parseInteger(q, "limit", 1, 100, 20) ?? 20;
  const offset = parseInteger(q, "offset", 0, undefined, 0) ?? 0;
  const matching = ctx.world
    .campaignPosts(c.id)
    .filter((p) => statuses.includes(p.status) && (since === undefined || (p.updatedAt !== null && p.updatedAt > since)))
    .sort(comparePosts(sort));
  return ok({
    campaign_id: c.id,
    campaign_name: c.name,
    total: matching.length,
    limit,
    offset,
    posts: matching.slice(offset, offset + limit).map((p) => postJson(ctx.world, p, ctx.links)),
  });
}

function latestPost(ctx: ApiContext, ids: number[]): JsonAnswer {
  const c = campaignOf(ctx, id0(ids));
  const published = ctx.world.campaignPosts(c.id).filter(isPublished);
  const latest = published.sort(comparePosts("-publish_at"))[0];
  if (!latest) throw new ApiError(404, "no_posts", "В кампании пока нет опубликованных постов.");
  return ok(postJson(ctx.world, latest, ctx.links));
}

function campaignEngagement(ctx: ApiContext, ids: number[], q: URLSearchParams): JsonAnswer {
  const c = campaignOf(ctx, id0(ids));
  const since = parseDateTime(q, "since");
  const posts = ctx.world
    .campaignPosts(c.id)
    .filter((p) => isPublished(p) && (since === undefined || (p.publishedAt !== null && p.publishedAt >= since)));
  const aggregated: Record<string, { total: number; total_delta: number }> = {};
  for (const metric of METRIC_TYPES) {
    let total = 0;
    let delta = 0;
    for (const p of posts) {
      for (const s of p.engagement?.series ?? []) {
        if (s.metric !== metric) continue;
        const v = s.values[s.values.length - 1] ?? 0;
        total += v;
        delta += v - (s.values[s.values.length - 2] ?? 0);
      }
    }
    aggregated[metric] = { total, total_delta: delta };
  }
  return ok({ campaign_id: c.id, posts_count: posts.length, aggregated });
}

const ROUTES: Route[] = [];
function route(method: "GET" | "POST", template: string, handle: Handler): void {
  const source = template
    .split("<id>")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("([^/]+)");
  ROUTES.push({ method, template, pattern: new RegExp(`^${source}$`), handle });
}

route("GET", "account/", (ctx) => ok(accountJson(ctx.world, ctx.now)));
route("GET", "projects/", (ctx) => ok({ projects: ctx.world.projects.filter((p) => p.isActive).map((p) => projectJson(ctx.world, p, false)) }));
route("GET", "projects/<id>/", (ctx, ids) => {
  const p = ctx.world.project(id0(ids));
  if (!p) throw notFound("Проект не найден.");
  return ok(projectJson(ctx.world, p, true));
});
route("GET", "projects/<id>/channels/", (ctx, ids) => {
  if (!ctx.world.project(id0(ids))) throw notFound("Проект не найден.");
  return ok({ channels: ctx.world.channels.filter((ch) => ch.projectId === id0(ids)).map(channelJson) });
});
route("GET", "campaigns/", (ctx, _ids, q) => {
  const projectId = parseInteger(q, "project_id", 0, undefined, undefined);
  const statuses = parseList(q, "status", CAMPAIGN_STATUSES, ["ACTIVE", "FROZEN"]);
  const list = ctx.world.campaigns.filter((c) => statuses.includes(c.status) && (projectId === undefined || c.projectId === projectId));
  return ok({ campaigns: list.map((c) => campaignJson(ctx.world, c)) });
});
route("GET", "campaigns/<id>/", (ctx, ids) => ok(campaignDetailJson(ctx.world, campaignOf(ctx, id0(ids)))));
route("GET", "campaigns/<id>/schedules/", (ctx, ids) => {
  const c = campaignOf(ctx, id0(ids));
  return ok({ schedules: ctx.world.schedules.filter((s) => s.campaignId === c.id).map(scheduleJson) });
});
route("GET", "campaigns/<id>/posts/", listPosts);
route("GET", "campaigns/<id>/posts/latest", latestPost);
route("GET", "campaigns/<id>/engagement/", campaignEngagement);
route("GET", "posts/<id>/", (ctx, ids) => ok(postDetailJson(ctx.world, postOf(ctx, id0(ids)), ctx.links)));
route("POST", "posts/<id>/approve", (ctx, ids) => ok(approve(ctx.world, postOf(ctx, id0(ids)), ctx.now)));
route("POST", "posts/<id>/reject", (ctx, ids) => ok(reject(ctx.world, postOf(ctx, id0(ids)), ctx.now, ctx.rejectOther)));
route("GET", "posts/<id>/engagement/", (ctx, ids) => {
  const p = postOf(ctx, id0(ids));
  return ok({ task_id: p.id, metrics: postMetricsJson(p) });
});
route("GET", "posts/<id>/engagement/history/", (ctx, ids, q) => {
  const p = postOf(ctx, id0(ids));
  const metric = parseEnum(q, "metric_type", METRIC_TYPES, undefined) ?? "VIEWS";
  const limit = parseInteger(q, "limit", 1, 200, 50) ?? 50;
  return ok({ task_id: p.id, metric_type: metric, datapoints: historyJson(p, metric, limit) });
});

export interface Match {
  template: string;
  run?: (ctx: ApiContext, q: URLSearchParams) => JsonAnswer;
  allowed?: string[];
}

/** Finds the route for a path relative to /api/v1/ext/; `template` labels it for the stats. */
export function matchRoute(method: string, path: string): Match | null {
  const allowed: string[] = [];
  for (const r of ROUTES) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    if (r.method !== method) {
      allowed.push(r.method);
      continue;
    }
    const raw = m.slice(1);
    return {
      template: r.template,
      run: (ctx, q) => {
        // A non-numeric id cannot name anything: 404, like an unknown id.
        if (raw.some((s) => !/^\d{1,15}$/.test(s))) throw notFound();
        return r.handle(ctx, raw.map(Number), q);
      },
    };
  }
  if (allowed.length > 0) {
    const r = ROUTES.find((x) => x.pattern.test(path));
    return { template: r?.template ?? path, allowed };
  }
  return null;
}
