import * as z from "zod";
import { DEFAULT_TIME_ZONE, isTimeZone } from "@/lib/time/zone";

/**
 * The one place that reads process.env. Parsed once, on first use, so that
 * `next build` does not need runtime secrets; `instrumentation.ts` calls
 * `env()` at server start so a missing or malformed variable stops start-up
 * with a message naming it.
 */
const bool01 = z.enum(["0", "1"]).default("0").transform((v) => v === "1");
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The reject categories when REJECT_CATEGORIES is not set; labels under `review.rejectCategory.<code>`. */
export const DEFAULT_REJECT_CATEGORIES = ["tone", "facts", "legal_risk", "formatting", "media", "duplicate", "other"] as const;

/** Comma-separated codes (lower case, digits, `_`), in the order the reject dialog offers them; no repeats. Unset or empty: the default seven. */
const rejectCategories = z
  .string()
  .optional()
  .transform((v) => {
    const codes = (v ?? "").split(",").map((c) => c.trim()).filter((c) => c !== "");
    return codes.length > 0 ? codes : [...DEFAULT_REJECT_CATEGORIES];
  })
  .pipe(
    z
      .array(z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, "codes are lower-case letters, digits and _ (≤ 32)"))
      .refine((codes) => new Set(codes).size === codes.length, "a category is listed twice"),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The service's {base_url}; the client appends /api/v1/ext/. */
  UPSTREAM_BASE_URL: z.url().default("http://127.0.0.1:4010"),
  UPSTREAM_API_KEY: z.string().min(1),
  UPSTREAM_TIMEOUT_MS: positiveInt(8000),
  NEXTAUTH_URL: z.url().default("http://localhost:3000"),
  NEXTAUTH_SECRET: z.string().min(16, "must be at least 16 characters"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)/, "expected file:<path> (e.g. file:./data/dashboard.db) or postgres://user@host:port/db")
    .default("file:./data/dashboard.db"),
  /**
   * Production mode: when set, every instance shares the request budget, the
   * cache, in-flight joining, the sign-in throttle and live events through
   * this Redis. Unset (default): all of it lives in this one process.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, "expected redis://host:port")
    .optional(),
  /** Key prefix in Redis, so several dashboards (or tests) can share one server. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default("dash:"),
  /** 1 enables the four demo sign-ins (password "demo"). */
  DEMO: bool01,
  AUTH_USERS_FILE: z.string().default("./data/users.json"),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_ROLE_CLAIM: z.string().default("role"),
  OIDC_NAME: z.string().default("SSO"),
  /** Bearer token for GET /api/metrics; metrics are off without it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Shared secret for POST /api/webhooks/post. */
  WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Extra origins allowed to serve media (CSP img-src/media-src), space separated. */
  MEDIA_ORIGINS: z.string().default(""),
  /** The team's time zone (IANA name): days, "today", mails, webhooks and exports; a person may choose another. */
  TEAM_TIME_ZONE: z.string().default(DEFAULT_TIME_ZONE).refine(isTimeZone, "expected an IANA time zone name, e.g. Europe/Moscow or Asia/Novosibirsk"),
  BUDGET_READS_PER_MINUTE: positiveInt(60),
  BUDGET_WRITES_PER_MINUTE: positiveInt(30),
  BUDGET_REQUESTS_PER_HOUR: positiveInt(1000),
  /** Share (0–1] of the hourly budget the inbox's background refresh may spend (lib/server/inbox). */
  INBOX_BUDGET_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
  /** A waiting post planned within this many minutes is `due_2h`, and its campaign is refreshed at least every 30 s. */
  INBOX_DUE_SOON_MINUTES: positiveInt(120),
  /** The inbox's refresh runs while the inbox was asked for within this many minutes; then it stops spending. */
  INBOX_IDLE_MINUTES: positiveInt(5),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * How many proxies in front of the dashboard append to X-Forwarded-For.
   * 0 (default): the header is ignored and the socket's address is the client.
   */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /** A session ends this many hours after sign-in, whatever happens. */
  SESSION_MAX_HOURS: positiveInt(12),
  /** A session ends after this many minutes without a request. */
  SESSION_IDLE_MINUTES: positiveInt(120),
  /**
   * Where a decision whose audit row could not be written is kept (JSON lines);
   * replayed into the database at the next start. Empty: next to the database file.
   */
  AUDIT_FALLBACK_FILE: z.string().default(""),
  /** Reason categories a reject may carry (single and bulk); unknown codes are refused with 400. */
  REJECT_CATEGORIES: rejectCategories,
  /** SMTP server for notification e-mails (smtp://user:pass@host:port or smtps://…); unset: no e-mail, in-app only. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, "expected smtp://host:port or smtps://host:port").optional(),
  /** The From address of notification e-mails. */
  SMTP_FROM: z.string().min(3).default("Dashboard <dashboard@localhost>"),
  /** Outgoing webhook for chat tools: notification JSON POSTed here, signed with HMAC-SHA256 (NOTIFY_WEBHOOK_SECRET). */
  NOTIFY_WEBHOOK_URL: z.url().optional(),
  /** Key of the outgoing webhook's signature; required when NOTIFY_WEBHOOK_URL is set. */
  NOTIFY_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Share (0–1] of the hourly budget the engagement collector may spend (lib/server/collector). */
  COLLECTOR_BUDGET_SHARE: z.coerce.number().min(0).max(1).default(0.2),
  /** Telegram bot (lib/server/messengers/telegram): the token from BotFather; unset: no bot, nothing else changes. Never logged. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined) // an empty value (docker-compose's `VAR=`) is unset
    .pipe(z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "expected <digits>:<secret> as BotFather gives it").optional()),
  /** Another Bot API server (a local one in tests, or a self-hosted telegram-bot-api); default Telegram's. */
  TELEGRAM_API_ROOT: z.url().default("https://api.telegram.org"),
  /** Webhook mode: the public https URL of /api/telegram/webhook; unset: long polling (one instance holds it). */
  TELEGRAM_WEBHOOK_URL: z.url().optional(),
  /** Webhook mode: Telegram sends it in X-Telegram-Bot-Api-Secret-Token; required with TELEGRAM_WEBHOOK_URL. */
  TELEGRAM_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, "16–256 of A-Z a-z 0-9 _ -").optional(),
  /** MAX bot (lib/server/messengers/max): the token from MAX's business platform; unset: no MAX bot. Never logged. */
  MAX_BOT_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().regex(/^[A-Za-z0-9_.:-]{16,256}$/, "expected the bot's token as MAX gives it").optional()),
  /** Another MAX Bot API root (a local one in tests); default MAX's. */
  MAX_API_ROOT: z.url().default("https://platform-api2.max.ru"), // the root @maxhub/max-bot-api 0.3 uses
  /** MAX webhook mode: the public https URL of /api/max/webhook (POST /subscriptions); unset: long polling under the lease. */
  MAX_WEBHOOK_URL: z.url().optional(),
  /** MAX webhook mode: MAX sends it in X-Max-Bot-Api-Secret; required with MAX_WEBHOOK_URL. */
  MAX_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, "16–256 of A-Z a-z 0-9 _ -").optional(),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  if (value.OIDC_ISSUER && !(value.OIDC_CLIENT_ID && value.OIDC_CLIENT_SECRET)) {
    throw new Error("Invalid environment:\n  OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set");
  }
  if (value.NOTIFY_WEBHOOK_URL && !value.NOTIFY_WEBHOOK_SECRET) {
    throw new Error("Invalid environment:\n  NOTIFY_WEBHOOK_SECRET: required when NOTIFY_WEBHOOK_URL is set");
  }
  if (value.TELEGRAM_WEBHOOK_URL && !value.TELEGRAM_WEBHOOK_SECRET) {
    throw new Error("Invalid environment:\n  TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_WEBHOOK_URL is set");
  }
  if (value.MAX_WEBHOOK_URL && !value.MAX_WEBHOOK_SECRET) {
    throw new Error("Invalid environment:\n  MAX_WEBHOOK_SECRET: required when MAX_WEBHOOK_URL is set");
  }
  cached = value;
  return value;
}

/** Tests change the environment between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}

/**
 * AUTH_USERS_FILE alone, for `npm run user:add`: that script runs without the
 * server's secrets, so it cannot call env().
 */
export function authUsersFileFromEnv(): string {
  return EnvSchema.shape.AUTH_USERS_FILE.parse(process.env.AUTH_USERS_FILE);
}
