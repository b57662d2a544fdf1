/**
 * The dashboard's number formats, in Russian and English, without Intl (why: see
 * plain-date.ts). Rounding works on the number's shortest decimal text, as ICU's does
 * (half away from zero: 0.145 as a percent is 15 %, where binary arithmetic says 14).
 * Options outside the ones listed answer undefined and the caller uses Intl.
 */

/** A non-negative value as decimal digits: value = 0.<digits> × 10^point. */
type Decimal = { digits: string; point: number };

type Symbols = { group: string; decimal: string; percent: (n: string) => string; compact: readonly string[] };

const SYMBOLS: Record<"ru" | "en", Symbols> = {
  ru: {
    group: "\u00a0",
    decimal: ",",
    percent: (n) => `${n}\u00a0%`,
    compact: ["", "\u00a0тыс.", "\u00a0млн", "\u00a0млрд", "\u00a0трлн"],
  },
  en: { group: ",", decimal: ".", percent: (n) => `${n}%`, compact: ["", "K", "M", "B", "T"] },
};

const KNOWN_OPTIONS = new Set(["style", "maximumFractionDigits", "notation", "signDisplay"]);

/** The option sets the dashboard writes (each held to Intl in plain-format.test.ts). */
export const PLAIN_NUMBER_FORMATS: ReadonlyArray<Intl.NumberFormatOptions> = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { style: "percent" },
  { style: "percent", maximumFractionDigits: 1 },
  { style: "percent", maximumFractionDigits: 2 },
  { notation: "compact" },
  { signDisplay: "exceptZero" },
  { signDisplay: "exceptZero", maximumFractionDigits: 1 },
  { style: "percent", signDisplay: "exceptZero" },
];

function toDecimal(value: number): Decimal | undefined {
  const text = String(value);
  if (text.includes("e")) return undefined; // below 1e-6 or from 1e21: left to Intl
  const [whole = "", fraction = ""] = text.split(".");
  const digits = (whole + fraction).replace(/^0+/, "");
  const leadingZeros = whole.length + fraction.length - digits.length;
  return digits === "" ? { digits: "", point: 0 } : { digits, point: whole.length - leadingZeros };
}

/** "129" → "130", "999" → "1000". */
function increment(digits: string): string {
  const chars = digits.split("");
  let i = chars.length - 1;
  while (i >= 0 && chars[i] === "9") chars[i--] = "0";
  if (i < 0) return `1${chars.join("")}`;
  chars[i] = String(Number(chars[i]) + 1);
  return chars.join("");
}

/** Keeps `fractionDigits` digits after the point, rounding half away from zero. */
function roundTo({ digits, point }: Decimal, fractionDigits: number): Decimal {
  const keep = point + fractionDigits;
  if (keep >= digits.length) return { digits, point };
  if (keep < 0) return { digits: "", point: 0 };
  let kept = digits.slice(0, keep);
  if (digits[keep]! >= "5") {
    const up = increment(kept);
    if (up.length > kept.length) point += 1;
    kept = up;
  }
  kept = kept.replace(/0+$/, "");
  return kept === "" ? { digits: "", point: 0 } : { digits: kept, point };
}

function integerDigits(d: Decimal): number {
  return d.digits === "" ? 0 : Math.max(d.point, 0);
}

function write(d: Decimal, symbols: Symbols, group: boolean): string {
  if (d.digits === "") return "0";
  const whole = d.point > 0 ? d.digits.slice(0, d.point).padEnd(d.point, "0") : "0";
  const fraction = d.point >= 0 ? d.digits.slice(d.point) : "0".repeat(-d.point) + d.digits;
  const grouped = group ? whole.replace(/\B(?=(\d{3})+$)/g, symbols.group) : whole;
  return fraction ? `${grouped}${symbols.decimal}${fraction}` : grouped;
}

/** Compact notation: thousands, millions, ... with two significant digits below ten of a unit. */
function compact(d: Decimal, symbols: Symbols): [Decimal, string] | undefined {
  let unit = Math.min(Math.max(Math.floor((integerDigits(d) - 1) / 3), 0), 4);
  for (;;) {
    const scaled = { digits: d.digits, point: d.point - 3 * unit };
    const rounded = integerDigits(scaled) < 2 ? roundTo(scaled, 2 - scaled.point) : roundTo(scaled, 0);
    if (integerDigits(rounded) <= 3) return [rounded, write(rounded, symbols, false) + symbols.compact[unit]];
    // 999.95 rounds to 1000: a thousand of one unit is one of the next.
    if (unit === 4) return undefined; // a thousand trillions: Intl's own rules
    unit += 1;
  }
}

/**
 * `value` written as Intl.NumberFormat(locale, options) would, or undefined when this
 * module does not know the locale, the options or the value (the caller falls back to Intl).
 */
export function plainNumber(locale: string, value: number, options: Intl.NumberFormatOptions = {}): string | undefined {
  if ((locale !== "ru" && locale !== "en") || !Number.isFinite(value)) return undefined;
  if (Object.keys(options).some((name) => !KNOWN_OPTIONS.has(name) && (options as Record<string, unknown>)[name] !== undefined)) return undefined;
  const { style = "decimal", notation = "standard", signDisplay = "auto", maximumFractionDigits } = options;
  if ((style !== "decimal" && style !== "percent") || (notation !== "standard" && notation !== "compact")) return undefined;
  if (signDisplay !== "auto" && signDisplay !== "exceptZero") return undefined;
  if (notation === "compact" && style === "percent") return undefined;
  if (maximumFractionDigits !== undefined && (notation === "compact" || !Number.isInteger(maximumFractionDigits) || maximumFractionDigits < 0 || maximumFractionDigits > 20)) {
    return undefined;
  }
  const symbols = SYMBOLS[locale];
  const decimal = toDecimal(Math.abs(value));
  if (!decimal) return undefined;
  let written: [Decimal, string] | undefined;
  if (notation === "compact") written = compact(decimal, symbols);
  else {
    const scaled = style === "percent" ? { digits: decimal.digits, point: decimal.point + 2 } : decimal;
    const rounded = roundTo(scaled, maximumFractionDigits ?? (style === "percent" ? 0 : 3));
    const text = write(rounded, symbols, true);
    written = [rounded, style === "percent" ? symbols.percent(text) : text];
  }
  if (!written) return undefined;
  const [rounded, text] = written;
  const negative = value < 0 || Object.is(value, -0);
  if (signDisplay === "exceptZero") return rounded.digits === "" ? text : `${negative ? "-" : "+"}${text}`;
  return negative ? `-${text}` : text;
}
