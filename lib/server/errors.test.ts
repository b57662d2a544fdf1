import { describe, expect, it } from "vitest";
import * as z from "zod";
import { PostListQuery } from "@/lib/schemas";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { BudgetExhaustedError } from "@/lib/server/upstream-service";
import { localeOfRequest, withRequestLocale } from "@/lib/server/request-locale";
import { ApiError, ERROR_STATUS, errorResponse, text, toApiError, validationError } from "./errors";

process.env.LOG_LEVEL = "silent";

describe("toApiError", () => {
  it("passes upstream 4xx through with status, code and message", () => {
    for (const [status, code] of [[404, "not_found"], [404, "no_posts"], [409, "conflict"], [400, "validation_error"], [403, "feature_unavailable"], [403, "subscription_inactive"]] as const) {
      const e = toApiError(new UpstreamHttpError(status, code, "Сообщение сервиса", "posts/1/"));
      expect([e.status, e.code, e.message]).toEqual([status, code, "Сообщение сервиса"]);
    }
  });

  it("keeps an unknown upstream code with the upstream's status", () => {
    const e = toApiError(new UpstreamHttpError(422, "brand_new", "Новое", "x"));
    expect([e.status, e.code]).toEqual([422, "brand_new"]);
  });

  it("names a code when the upstream sent none", () => {
    const e = toApiError(new UpstreamHttpError(404, "", "", "x"));
    expect([e.status, e.code]).toEqual([404, "not_found"]);
    expect(e.message).toBeTruthy();
  });

  it("maps an upstream 401 to 502 upstream_auth: the person's session is fine", () => {
    const e = toApiError(new UpstreamHttpError(401, "", "Неверный ключ", "account/"));
    expect([e.status, e.code]).toEqual([502, "upstream_auth"]);
    expect(e.message).not.toContain("Неверный ключ");
  });

  it("never shows a raw 429", () => {
    const e = toApiError(new UpstreamHttpError(429, "", "", "x", 12));
    expect([e.status, e.code, e.retryAfterSeconds]).toEqual([503, "budget_exhausted", 12]);
  });

  it("maps unavailable, timeout, contract, budget and the unexpected", () => {
    expect(toApiError(new UpstreamUnavailableError("network", "x")).status).toBe(503);
    expect(toApiError(new UpstreamUnavailableError("timeout", "x")).code).toBe("upstream_timeout");
    expect(toApiError(new UpstreamUnavailableError("timeout", "x")).status).toBe(504);
    expect(toApiError(new UpstreamHttpError(502, "", "", "x")).code).toBe("upstream_unavailable");
    expect(toApiError(new UpstreamContractError("x", "posts.0.status", "bad")).status).toBe(502);
    const budget = toApiError(new BudgetExhaustedError(7));
    expect([budget.status, budget.code, budget.retryAfterSeconds]).toEqual([503, "budget_exhausted", 7]);
    const boom = toApiError(new TypeError("secret detail"));
    expect([boom.status, boom.code]).toEqual([500, "internal_error"]);
    expect(boom.message).not.toContain("secret detail");
  });
});

describe("ApiError and the envelope", () => {
  it("takes its status from the one table", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) expect(new ApiError(code).status).toBe(status);
  });

  it("answers { error: { code, message } } with Retry-After when known", async () => {
    const res = errorResponse(new ApiError("budget_exhausted", undefined, { retryAfterSeconds: 4.2 }), {}, { audit_id: 3 });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ error: { code: "budget_exhausted", message: "Лимит запросов к сервису исчерпан" }, audit_id: 3 });
  });
});

describe("Retry-After on every 503", () => {
  it("is sent with upstream_unavailable, from the upstream's own header when it gave one", () => {
    const down = errorResponse(toApiError(new UpstreamUnavailableError("network", "x")));
    expect([down.status, down.headers.get("retry-after")]).toEqual([503, "30"]);
    const failing = errorResponse(toApiError(new UpstreamHttpError(500, "", "", "x")));
    expect([failing.status, failing.headers.get("retry-after")]).toEqual([503, "30"]);
    const maintenance = errorResponse(toApiError(new UpstreamHttpError(503, "", "", "x", 120)));
    expect(maintenance.headers.get("retry-after")).toBe("120");
  });

  it("is sent with any 503, even one made without a wait", () => {
    for (const code of Object.keys(ERROR_STATUS).filter((c) => ERROR_STATUS[c as keyof typeof ERROR_STATUS] === 503)) {
      expect(errorResponse(new ApiError(code)).headers.get("retry-after"), code).toMatch(/^\d+$/);
    }
    expect(errorResponse(new ApiError("internal_error")).headers.get("retry-after")).toBeNull();
  });
});

describe("validationError", () => {
  const message = (raw: Record<string, string>) => {
    const r = PostListQuery.safeParse(raw, { reportInput: true });
    if (r.success) throw new Error("expected a failure");
    return validationError(r.error).message;
  };

  it("names the parameter literally, in Russian", () => {
    expect(message({ limit: "0" })).toBe("Недопустимый параметр limit: значение должно быть не меньше 1");
    expect(message({ limit: "abc" })).toBe("Недопустимый параметр limit: ожидается целое число");
    expect(message({ sort: "x" })).toMatch(/^Недопустимый параметр sort: x — допустимые значения: publish_at, -publish_at/);
    expect(message({ status: "PUBLISHED,NOPE" })).toMatch(/^Недопустимый параметр status: NOPE — допустимые значения: SCHEDULED/);
    expect(message({ since: "2025-01-01" })).toMatch(/^Недопустимый параметр since: ожидается дата-время ISO 8601/);
    const missing = z.object({ reason: z.string() }).safeParse({}, { reportInput: true });
    expect(validationError(missing.success ? (undefined as never) : missing.error).message).toBe("Недопустимый параметр reason: обязательный параметр");
    const wrong = z.object({ reason: z.string() }).safeParse({ reason: 5 }, { reportInput: true });
    expect(validationError(wrong.success ? (undefined as never) : wrong.error).message).toBe("Недопустимый параметр reason: ожидается строка");
  });
});

describe("the envelope in the request's language", () => {
  it("writes a text by key in Russian or English, values included", async () => {
    const e = new ApiError("link_revoked", text("share.linkRevoked"), { status: 410 });
    expect(e.messageIn("ru")).toBe("Ссылка отозвана. Попросите у отправителя новую.");
    expect(e.messageIn("en")).toBe("The link was revoked. Ask the sender for a new one.");
    expect(new ApiError("forbidden").messageIn("en")).toBe("You do not have permission for this action");
    const budget = toApiError(new UpstreamHttpError(429, "rate_limited", "x", "p", 12));
    expect(budget.messageIn("en")).toBe("The per-minute request limit of the service is spent. Next try in 12 s");
    const res = await withRequestLocale("en", () => errorResponse(new ApiError("not_found")));
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  it("keeps the upstream's own words for a Russian reader, and the code's text for an English one", () => {
    const e = toApiError(new UpstreamHttpError(409, "conflict", "Пост уже опубликован", "posts/1/approve/"));
    expect(e.messageIn("ru")).toBe("Пост уже опубликован");
    expect(e.messageIn("en")).toBe("The operation is not possible in the post's current status");
  });

  it("names the bad parameter in English too", () => {
    const r = PostListQuery.safeParse({ limit: "0" }, { reportInput: true });
    expect(r.success).toBe(false);
    expect(validationError(r.success ? (undefined as never) : r.error).messageIn("en")).toBe("Invalid parameter limit: the value must be at least 1");
  });

  it("takes the language from the cookie, then Accept-Language, else Russian", () => {
    const req = (headers: Record<string, string>) => ({ headers: new Headers(headers) });
    expect(localeOfRequest(req({ cookie: "a=1; NEXT_LOCALE=en", "accept-language": "ru" }))).toBe("en");
    expect(localeOfRequest(req({ cookie: "NEXT_LOCALE=ru", "accept-language": "en" }))).toBe("ru");
    expect(localeOfRequest(req({ "accept-language": "de-DE,en-GB;q=0.8,ru;q=0.5" }))).toBe("en");
    expect(localeOfRequest(req({ "accept-language": "fr, de;q=0.9" }))).toBe("ru");
    expect(localeOfRequest(req({}))).toBe("ru");
  });
});
