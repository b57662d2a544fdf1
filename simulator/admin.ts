// Test helpers outside the API, enabled only with SIMULATOR_ADMIN=1 (404 otherwise).

import type { IncomingMessage, ServerResponse } from "node:http";
import * as z from "zod";
import { applyFaultPatch, faultPatchSchema, faultsToJson } from "./faults";
import { ApiError, readBody, sendJson } from "./http";
import type { SimulatorState } from "./runtime";
import { matchRoute } from "./router";
import { postDetailJson } from "./serialize";
import { formatDateTime } from "./world/calendar";
import { addVersionElsewhere, forceStatus } from "./world/actions";
import { generateNow } from "./world/tick";
import { examples } from "./world/examples";
import { POST_STATUSES } from "./world/types";

const ROUTES = [
  "GET  /__admin/",
  "GET  /__admin/faults",
  "POST /__admin/faults           { latency_ms?, error_rate?, malformed_rate?, malformed?: 'syntax'|'schema', down?, late_write_ms?, late_write_answer?: 'after'|'never' }",
  "POST /__admin/reset            { seed?, start_time?: ISO | 'now' }  back to the start world (same seed and start unless given); clears rate limits and stats",
  "GET  /__admin/clock",
  "POST /__admin/clock            { advance_seconds?, time_scale? }  runs the tick",
  "POST /__admin/posts/<id>/status { status }  a change made outside the API",
  "POST /__admin/posts/<id>/versions { text_content, source?: 'MANUAL_EDIT'|'REGENERATION' }  a new active version made outside the API (max 10); 201",
  "POST /__admin/campaigns/<id>/generate { count? }  new WAITING_APPROVAL posts now",
  "GET  /__admin/stats",
  "POST /__admin/stats/reset",
  "GET  /__admin/limits",
  "POST /__admin/limits           { enabled }",
  "GET  /__admin/examples         notable ids of the current world",
  "GET  /__admin/ext/<api path>    the API's answer to that GET, outside the key's limits and the stats",
];

async function jsonBody<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  const text = await readBody(req);
  let data: unknown = {};
  try {
    data = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(400, "validation_error", "Тело запроса не является корректным JSON.");
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(400, "validation_error", z.prettifyError(parsed.error));
  return parsed.data;
}

const clockJson = (s: SimulatorState): Record<string, unknown> => ({
  now: formatDateTime(s.now()),
  time_scale: s.clock.timeScale,
  real_now: new Date().toISOString(),
});

export async function handleAdmin(req: IncomingMessage, res: ServerResponse, s: SimulatorState, url: URL): Promise<void> {
  const path = url.pathname.replace(/^\/__admin/, "").replace(/\/$/, "") || "/";
  const method = req.method ?? "GET";
  const key = `${method} ${path.replace(/\/\d+\//, "/<id>/")}`;
  const idMatch = /^\/(?:posts|campaigns)\/(\d+)\//.exec(path);
  const id = Number(idMatch?.[1] ?? 0);
  const send = (body: unknown): void => sendJson(res, 200, body);
  try {
    // A test's own look at the world: counted against the key, it would take the minute's reads
    // from the dashboard it checks and fail the next journey with a refusal nobody would meet.
    if (method === "GET" && path.startsWith("/ext/")) {
      const run = matchRoute("GET", `${path.slice("/ext/".length)}/`)?.run;
      if (!run) throw new ApiError(404, "not_found", "Ресурс не найден.");
      s.sync();
      const answer = run({ world: s.world, now: s.now(), links: s.links, rejectOther: s.options.rejectOther }, url.searchParams);
      return sendJson(res, answer.status, answer.body);
    }
    switch (key) {
      case "GET /":
        return send({ routes: ROUTES });
      case "GET /faults":
        return send(faultsToJson(s.faults));
      case "POST /faults":
        s.faults = applyFaultPatch(s.faults, await jsonBody(req, faultPatchSchema));
        return send(faultsToJson(s.faults));
      case "POST /reset": {
        const body = await jsonBody(req, z.object({ seed: z.number().int().optional(), start_time: z.union([z.literal("now"), z.iso.datetime({ offset: true })]).optional() }));
        s.reset(body.seed, body.start_time === undefined ? undefined : body.start_time === "now" ? Date.now() : Date.parse(body.start_time));
        return send({ ok: true, seed: s.world.seed, now: formatDateTime(s.now()), posts: s.world.posts.length });
      }
      case "GET /clock":
        return send(clockJson(s));
      case "POST /clock": {
        const body = await jsonBody(req, z.object({ advance_seconds: z.number().min(0).optional(), time_scale: z.number().min(0).optional() }));
        if (body.time_scale !== undefined) s.clock.setTimeScale(body.time_scale);
        s.advance(body.advance_seconds ?? 0);
        return send(clockJson(s));
      }
      case "POST /posts/<id>/status": {
        const body = await jsonBody(req, z.object({ status: z.enum(POST_STATUSES) }));
        const p = s.world.post(id);
        if (!p) throw new ApiError(404, "not_found", "Пост не найден.");
        s.sync();
        forceStatus(s.world, p, body.status, s.now());
        return send(postDetailJson(s.world, p, s.links));
      }
      case "POST /posts/<id>/versions": {
        // INITIAL is only ever version 1, so it is not a source an edit can have.
        const body = await jsonBody(
          req,
          z.object({ text_content: z.string().trim().min(1).max(10_000), source: z.enum(["MANUAL_EDIT", "REGENERATION"]).default("MANUAL_EDIT") }),
        );
        const p = s.world.post(id);
        if (!p) throw new ApiError(404, "not_found", "Пост не найден.");
        s.sync();
        addVersionElsewhere(s.world, p, body.text_content, body.source, s.now());
        return sendJson(res, 201, postDetailJson(s.world, p, s.links));
      }
      case "POST /campaigns/<id>/generate": {
        const body = await jsonBody(req, z.object({ count: z.number().int().min(1).max(50).optional() }));
        const c = s.world.campaign(id);
        if (!c) throw new ApiError(404, "not_found", "Кампания не найдена.");
        s.sync();
        return send({ created: generateNow(s.world, c, s.now(), body.count ?? 1) });
      }
      case "GET /stats":
        return send(s.stats.toJson());
      case "POST /stats/reset":
        s.stats.reset();
        return send({ ok: true });
      case "GET /limits":
        return send({ enabled: s.limiter.enabled });
      case "POST /limits": {
        const body = await jsonBody(req, z.object({ enabled: z.boolean() }));
        s.limiter.enabled = body.enabled;
        s.limiter.reset();
        return send({ enabled: s.limiter.enabled });
      }
      case "GET /examples":
        return send(examples(s.world));
      default:
        throw new ApiError(404, "not_found", "Неизвестный маршрут администратора.");
    }
  } catch (e) {
    if (e instanceof ApiError) return sendJson(res, e.status, e.toBody());
    throw e;
  }
}
