import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/**
 * Structured JSON logs (pino), one object per line: debug and info on stdout,
 * warn and error on stderr, written synchronously (no worker-thread transport:
 * those do not survive Next's bundling). Every line written while a request is
 * being answered carries its `requestId` (withRequest runs the handler inside
 * `withLogContext`). Never pass secrets: fields named like one are redacted,
 * at the top level and two levels down (e.g. `headers.authorization`), as a
 * last line of defence.
 *
 *   log.info("signed in", { email, role });
 */
type Level = "debug" | "info" | "warn" | "error";
type Fields = Record<string, unknown>;
export type LogContext = { requestId?: string };

const LEVELS = new Set(["debug", "info", "warn", "error", "silent"]);

// Exact key names (redaction paths are case-sensitive): headers as Node and fetch spell them, then field names.
const SECRET_KEYS = [
  "authorization", "Authorization", "proxy-authorization", "Proxy-Authorization",
  "cookie", "Cookie", "cookies", "set-cookie", "Set-Cookie",
  "x-api-key", "X-API-Key", "X-Api-Key", "api-key", "apiKey", "api_key", "apikey",
  "password", "passwd", "newPassword", "currentPassword",
  "secret", "clientSecret", "client_secret", "webhookSecret",
  "token", "accessToken", "access_token", "refreshToken", "refresh_token", "idToken", "id_token", "sessionToken", "csrfToken",
  "UPSTREAM_API_KEY", "NEXTAUTH_SECRET", "METRICS_TOKEN", "WEBHOOK_SECRET", "OIDC_CLIENT_SECRET",
];
const at = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [at(k).replace(/^\./, ""), `*${at(k)}`, `*.*${at(k)}`]);
// Top-level fields named like a secret that the list above does not spell out (e.g. `upstreamApiKey`).
const SECRET_NAME = /(authorization|api[_-]?key|password|secret|token|cookie)/i;

/** Read on every call (not via env()) so logging works while the env is being validated, and tests can change it. */
function levelNow(): Level | "silent" {
  const wanted = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");
  return (LEVELS.has(wanted) ? wanted : "info") as Level | "silent";
}

// Looked up at write time, so a test's spy on process.stdout/stderr.write sees the lines.
const stdout = { write: (line: string) => void process.stdout.write(line) };
const stderr = { write: (line: string) => void process.stderr.write(line) };

type Shared = { logger: Logger; context: AsyncLocalStorage<LogContext> };
const KEY = Symbol.for("review-dashboard.logger");
const g = globalThis as typeof globalThis & { [KEY]?: Shared };

/** One logger and one request context per process, however many route bundles load this module. */
function shared(): Shared {
  if (!g[KEY]) {
    const context = new AsyncLocalStorage<LogContext>();
    const logger = pino(
      {
        level: levelNow(),
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: REDACT_PATHS, censor: "[redacted]" },
        mixin: () => ({ ...context.getStore() }),
      },
      pino.multistream(
        [
          { level: "debug", stream: stdout },
          { level: "warn", stream: stderr },
        ],
        { dedupe: true },
      ),
    );
    g[KEY] = { logger, context };
  }
  return g[KEY];
}

/** Top-level fields: a secret-like name is masked, an Error becomes its name and message (JSON would make it `{}`). */
function prepare(fields: Fields): Fields {
  let out: Fields | undefined;
  for (const [key, value] of Object.entries(fields)) {
    const secret = SECRET_NAME.test(key);
    if (!secret && !(value instanceof Error)) continue;
    out ??= { ...fields };
    out[key] = secret ? "[redacted]" : { name: (value as Error).name, message: (value as Error).message };
  }
  return out ?? fields;
}

function write(level: Level, msg: string, fields: Fields = {}): void {
  const { logger } = shared();
  const wanted = levelNow();
  if (logger.level !== wanted) logger.level = wanted;
  if (!logger.isLevelEnabled(level)) return;
  logger[level](prepare(fields), msg);
}

export const log = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

/** Runs `fn` with `context` (the request id) added to every line it logs, across awaits. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return shared().context.run(context, fn);
}

/**
 * Runs `fn` outside any request's context: for process-wide work that a request
 * merely starts (the bulk runner's loop), whose lines belong to no request.
 */
export function outsideLogContext<T>(fn: () => T): T {
  return shared().context.exit(fn);
}
