import { describe, expect, it } from "vitest";
import { PLAIN_DATE_FORMATS, plainDateTime } from "./plain-date";
import { PLAIN_NUMBER_FORMATS, plainNumber } from "./plain-number";

// The plain formatters must write exactly what Intl writes (server and browser share them,
// and the texts they replace were Intl's): every format against Intl on many values.

const LOCALES = ["ru", "en"] as const;

/** Instants from 2015 to 2030: every hour of a few days, and a spread over the years. */
function instants(): number[] {
  const out: number[] = [];
  const start = Date.UTC(2026, 0, 31, 0, 0, 0);
  for (let h = 0; h < 72; h++) out.push(start + h * 3_600_000 + h * 61_000 + (h % 60) * 1000);
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647);
  for (let i = 0; i < 400; i++) out.push(Date.UTC(2015, 0, 1) + (next() % (15 * 365 * 86_400)) * 1000 + (next() % 1000));
  out.push(Date.UTC(2026, 11, 31, 20, 59, 59), Date.UTC(2026, 11, 31, 21, 0, 0), Date.UTC(2027, 1, 28, 21, 0, 0));
  return out;
}

describe("plainDateTime", () => {
  for (const options of PLAIN_DATE_FORMATS) {
    for (const timeZone of ["Europe/Moscow", "UTC"]) {
      it(`writes ${JSON.stringify(options)} in ${timeZone} as Intl does, in Russian and English`, () => {
        for (const locale of LOCALES) {
          const intl = new Intl.DateTimeFormat(locale, { ...options, timeZone });
          for (const at of instants()) {
            expect(plainDateTime(locale, new Date(at), { ...options, timeZone }), `${locale} ${new Date(at).toISOString()}`).toBe(intl.format(at));
          }
        }
      });
    }
  }

  it("takes the home zone when the options name none, and a number as well as a Date", () => {
    const at = Date.UTC(2026, 10, 24, 21, 30);
    expect(plainDateTime("ru", at, { dateStyle: "short" })).toBe("25.11.2026");
    expect(plainDateTime("en", at, { dateStyle: "short" }, "UTC")).toBe("11/24/26");
  });

  it("answers undefined (Intl's turn) for what it does not know", () => {
    const at = new Date(Date.UTC(2026, 0, 1));
    expect(plainDateTime("de", at, { dateStyle: "short" })).toBeUndefined();
    expect(plainDateTime("ru", at, { dateStyle: "full" })).toBeUndefined();
    expect(plainDateTime("ru", at, { dateStyle: "short", timeZone: "Asia/Tokyo" })).toBeUndefined();
    expect(plainDateTime("ru", new Date(Date.UTC(2014, 0, 1)), { dateStyle: "short" })).toBeUndefined(); // Moscow's offset moved then
    expect(plainDateTime("ru", new Date(Number.NaN), { dateStyle: "short" })).toBeUndefined();
    expect(plainDateTime("en", at, { hour: "numeric" })).toBeUndefined();
  });
});

const NUMBERS = (() => {
  const out = [0, -0, 1, -1, 5, 9.95, 0.5, 0.05, 0.145, 1.005, 2.675, 0.095, 0.001234, 0.000001, 12.5, 99.5, 99.95, 950, 999.5, 999.95, 999.999];
  out.push(1000, 1234, 9999, 12_345.678, 99_950, 123_456, 999_999, 1_000_000, 1_500_000, 999_999_999, 1e9, 2.5e12, 9.9995e14, 1e20, 0.1 + 0.2);
  let seed = 11;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647);
  for (let i = 0; i < 300; i++) out.push((next() % 2_000_000) / 10 ** (next() % 7) - 1000, (next() % 1000) / 1000, next() / 1000);
  return [...out, ...out.map((n) => -n)];
})();

describe("plainNumber", () => {
  for (const options of PLAIN_NUMBER_FORMATS) {
    it(`writes ${JSON.stringify(options)} as Intl does, in Russian and English`, () => {
      for (const locale of LOCALES) {
        const intl = new Intl.NumberFormat(locale, options);
        for (const n of NUMBERS) {
          const mine = plainNumber(locale, n, options);
          // Left to Intl on purpose: exponent-sized values, and compact thousands of trillions.
          const leftToIntl = String(Math.abs(n)).includes("e") || (options.notation === "compact" && Math.abs(n) >= 9.9995e14);
          if (mine === undefined && leftToIntl) continue;
          expect(mine, `${locale} ${n}`).toBe(intl.format(n));
        }
      }
    });
  }

  it("answers undefined (Intl's turn) for what it does not know", () => {
    expect(plainNumber("de", 1)).toBeUndefined();
    expect(plainNumber("ru", 1, { style: "currency", currency: "RUB" })).toBeUndefined();
    expect(plainNumber("ru", 1, { minimumFractionDigits: 2 })).toBeUndefined();
    expect(plainNumber("ru", Number.NaN)).toBeUndefined();
    expect(plainNumber("ru", Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(plainNumber("en", 1e21)).toBeUndefined();
    expect(plainNumber("en", 1e-7)).toBeUndefined();
    expect(plainNumber("en", 1.5e15, { notation: "compact" })).toBeUndefined();
  });
});
