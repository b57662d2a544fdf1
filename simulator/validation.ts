// Query parameter validation (section 4). Every failure is a 400 validation_error whose
// Russian message names the parameter and the rule, e.g.
// "Недопустимое значение параметра limit: «0». Ожидается целое число от 1 до 100."

import { ApiError } from "./http";

export function invalid(param: string, value: string, rule: string): ApiError {
  return new ApiError(400, "validation_error", `Недопустимое значение параметра ${param}: «${value}». ${rule}`);
}

/** The last occurrence wins for a repeated parameter (as in Django's QueryDict.get). */
function raw(q: URLSearchParams, name: string): string | undefined {
  const all = q.getAll(name);
  return all[all.length - 1];
}

export function parseList<T extends string>(q: URLSearchParams, name: string, allowed: readonly T[], fallback: readonly T[]): T[] {
  const value = raw(q, name);
  if (value === undefined) return [...fallback];
  const items = value.split(",").map((s) => s.trim());
  const rule = `Ожидается список через запятую из значений: ${allowed.join(", ")}.`;
  if (items.some((s) => s === "")) throw invalid(name, value, rule);
  for (const item of items) if (!(allowed as readonly string[]).includes(item)) throw invalid(name, value, rule);
  return [...new Set(items as T[])];
}

export function parseEnum<T extends string>(q: URLSearchParams, name: string, allowed: readonly T[], fallback: T | undefined): T | undefined {
  const value = raw(q, name);
  if (value === undefined) {
    if (fallback === undefined) throw new ApiError(400, "validation_error", `Обязательный параметр ${name} не указан. Допустимые значения: ${allowed.join(", ")}.`);
    return fallback;
  }
  if (!(allowed as readonly string[]).includes(value)) throw invalid(name, value, `Допустимые значения: ${allowed.join(", ")}.`);
  return value as T;
}

export function parseInteger(q: URLSearchParams, name: string, min: number, max: number | undefined, fallback: number | undefined): number | undefined {
  const value = raw(q, name);
  if (value === undefined) return fallback;
  const rule = max === undefined ? `Ожидается целое число не меньше ${min}.` : `Ожидается целое число от ${min} до ${max}.`;
  if (!/^\d{1,15}$/.test(value)) throw invalid(name, value, rule);
  const n = Number(value);
  if (n < min || (max !== undefined && n > max)) throw invalid(name, value, rule);
  return n;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * ISO 8601 date-time with a UTC offset, e.g. 2026-11-20T10:00:00+03:00 or ...Z.
 * A literal "+" in a query string decodes to a space, so a space before a trailing HH:MM is
 * read as "+" to keep unencoded offsets working; %2B is the proper encoding.
 */
export function parseDateTime(q: URLSearchParams, name: string): number | undefined {
  const value = raw(q, name);
  if (value === undefined) return undefined;
  const rule = "Ожидается дата и время в формате ISO 8601 с часовым поясом, например 2026-11-20T10:00:00+03:00.";
  const fixed = value.replace(/ (\d{2}(?::?\d{2})?)$/, "+$1");
  const m = ISO.exec(fixed);
  if (!m) throw invalid(name, value, rule);
  const [, y, mo, d, h, mi, s = "0", frac = "0", zone = "Z"] = m;
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(local);
  const valid =
    check.getUTCFullYear() === Number(y) && check.getUTCMonth() === Number(mo) - 1 && check.getUTCDate() === Number(d) &&
    Number(h) < 24 && Number(mi) < 60 && Number(s) < 60;
  let offset = 0;
  if (zone !== "Z" && zone !== "z") {
    const digits = zone.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || "0");
    if (oh > 14 || om > 59) throw invalid(name, value, rule);
    offset = (zone.startsWith("-") ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  if (!valid) throw invalid(name, value, rule);
  return local - offset;
}
