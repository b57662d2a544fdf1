// Fault injection for tests of the dashboard's resilience: latency, 5xx answers, malformed
// bodies (broken JSON or valid JSON with a wrong field type) and a "down" upstream.

import * as z from "zod";

export type MalformedMode = "syntax" | "schema";

export interface FaultSettings {
  latencyMs: number;
  /** Share of API requests answered with a 5xx, 0..1. */
  errorRate: number;
  /** Share of successful API answers whose body is corrupted, 0..1. */
  malformedRate: number;
  malformed: MalformedMode;
  /** Drop every API and media connection without an answer. */
  down: boolean;
  /**
   * A write (approve, reject) is applied this long after it arrives, whether or
   * not the client is still waiting, as a slow upstream does: the client may give
   * up first and the write lands anyway. 0: writes are not held.
   */
  lateWriteMs: number;
  /** After a held write is applied: answer it ("after") or drop the connection with no answer ("never"). */
  lateWriteAnswer: LateWriteAnswer;
}

export type LateWriteAnswer = "after" | "never";

export const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, malformedRate: 0, malformed: "syntax", down: false, lateWriteMs: 0, lateWriteAnswer: "after" };

const share = z.number().min(0).max(1);

/** Body of POST /__admin/faults: any subset of the settings, snake_case like the API. */
export const faultPatchSchema = z
  .object({
    latency_ms: z.number().int().min(0).max(120_000).optional(),
    error_rate: share.optional(),
    malformed_rate: share.optional(),
    malformed: z.enum(["syntax", "schema"]).optional(),
    down: z.boolean().optional(),
    late_write_ms: z.number().int().min(0).max(120_000).optional(),
    late_write_answer: z.enum(["after", "never"]).optional(),
  })
  .strict();

export function applyFaultPatch(current: FaultSettings, patch: z.infer<typeof faultPatchSchema>): FaultSettings {
  return {
    latencyMs: patch.latency_ms ?? current.latencyMs,
    errorRate: patch.error_rate ?? current.errorRate,
    malformedRate: patch.malformed_rate ?? current.malformedRate,
    malformed: patch.malformed ?? current.malformed,
    down: patch.down ?? current.down,
    lateWriteMs: patch.late_write_ms ?? current.lateWriteMs,
    lateWriteAnswer: patch.late_write_answer ?? current.lateWriteAnswer,
  };
}

export function faultsToJson(f: FaultSettings): Record<string, unknown> {
  return { latency_ms: f.latencyMs, error_rate: f.errorRate, malformed_rate: f.malformedRate, malformed: f.malformed, down: f.down, late_write_ms: f.lateWriteMs, late_write_answer: f.lateWriteAnswer };
}

const clamp01 = (n: number): number => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/**
 * SIMULATOR_FAULT_MALFORMED accepts a share ("0.3"), a mode ("schema" = share 1), or both
 * ("schema:0.3"); SIMULATOR_FAULT_MALFORMED_MODE may also set the mode.
 */
export function parseFaultEnv(env: Record<string, string | undefined>): FaultSettings {
  let malformed: MalformedMode = env.SIMULATOR_FAULT_MALFORMED_MODE === "schema" ? "schema" : "syntax";
  let malformedRate = 0;
  const raw = (env.SIMULATOR_FAULT_MALFORMED ?? "").trim();
  if (raw) {
    const [a, b] = raw.split(":");
    if (a === "syntax" || a === "schema") {
      malformed = a;
      malformedRate = b === undefined ? 1 : clamp01(Number(b));
    } else malformedRate = clamp01(Number(a));
  }
  return {
    latencyMs: Math.max(0, Number(env.SIMULATOR_FAULT_LATENCY_MS ?? 0) || 0),
    errorRate: clamp01(Number(env.SIMULATOR_FAULT_ERROR_RATE ?? 0)),
    malformedRate,
    malformed,
    down: env.SIMULATOR_FAULT_DOWN === "1",
    lateWriteMs: Math.max(0, Number(env.SIMULATOR_FAULT_LATE_WRITE_MS ?? 0) || 0),
    lateWriteAnswer: env.SIMULATOR_FAULT_LATE_WRITE_ANSWER === "never" ? "never" : "after",
  };
}

export interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

const html = (title: string): string =>
  `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/** A 5xx the way real stacks produce them: JSON from the app, HTML from the proxy in front. */
export function serverError(random: () => number = Math.random): RawAnswer {
  const variants: RawAnswer[] = [
    {
      status: 500,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ error: { code: "internal_error", message: "Внутренняя ошибка сервера. Повторите запрос позже." } }),
    },
    { status: 502, contentType: "text/html", body: html("502 Bad Gateway") },
    {
      status: 503,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ error: { code: "service_unavailable", message: "Сервис временно недоступен. Повторите запрос позже." } }),
      headers: { "Retry-After": "2" },
    },
    { status: 504, contentType: "text/html", body: html("504 Gateway Time-out") },
  ];
  return variants[Math.floor(random() * variants.length)] ?? (variants[0] as RawAnswer);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function numberPaths(value: Json, path: (string | number)[], out: (string | number)[][]): void {
  if (typeof value === "number") out.push(path);
  else if (Array.isArray(value)) value.forEach((v, i) => numberPaths(v, [...path, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) numberPaths(v, [...path, k], out);
}

/** Corrupts a JSON body: cut short ("syntax") or one number turned into a string ("schema"). */
export function malform(body: string, mode: MalformedMode, random: () => number = Math.random): string {
  if (mode === "syntax") {
    const cut = body.slice(0, Math.max(1, Math.floor(body.length * (0.3 + 0.5 * random()))));
    try {
      JSON.parse(cut);
      return `${cut},`; // a prefix that still parsed (e.g. a bare number): make sure it does not
    } catch {
      return cut;
    }
  }
  const doc = JSON.parse(body) as Json;
  const paths: (string | number)[][] = [];
  numberPaths(doc, [], paths);
  const path = paths[Math.floor(random() * paths.length)];
  if (!path || path.length === 0 || typeof doc !== "object" || doc === null) return JSON.stringify({ unexpected: doc });
  let parent: Json = doc;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key] as Json;
  const last = path[path.length - 1] as string | number;
  const holder = parent as Record<string | number, Json>;
  holder[last] = String(holder[last]);
  return JSON.stringify(doc);
}
