/**
 * The dashboard's date formats, in Russian and English, without Intl.
 *
 * Why: a page's first Intl formatter costs a phone 100–300 ms of main thread (the
 * browser loads its locale data then), and nearly every page shows a date while it
 * hydrates. Moscow has kept UTC+3 all year since 2014, so its wall clock is
 * arithmetic. The texts are the ones ICU writes (checked against Intl, format by
 * format, in plain-format.test.ts); anything else answers undefined and the caller
 * uses Intl as before.
 */
import { HOME_TIME_ZONE, MOSCOW_FIXED_SINCE, MOSCOW_OFFSET_MS } from "@/lib/analytics/dates";

type Fields = Record<string, string>;
type Names = { short: string[]; long: string[]; standalone: string[]; weekdayLong: string[]; weekdayShort: string[] };

const NAMES: Record<"ru" | "en", Names> = {
  ru: {
    short: ["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."],
    long: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"],
    standalone: ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"],
    weekdayLong: ["воскресенье", "понедельник", "вторник", "среда", "четверг", "пятница", "суббота"],
    weekdayShort: ["вс", "пн", "вт", "ср", "чт", "пт", "сб"],
  },
  en: {
    short: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    long: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    standalone: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    weekdayLong: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    weekdayShort: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  },
};

const DATE_STYLES = { short: ["{dd}.{MM}.{y}", "{M}/{d}/{yy}"], medium: ["{d} {MMM} {y} г.", "{MMM} {d}, {y}"] } as const;
const TIME_STYLES = { short: ["{HH}:{mm}", "{h}:{mm} {a}"], medium: ["{HH}:{mm}:{ss}", "{h}:{mm}:{ss} {a}"] } as const;

/** Options (sorted, without timeZone) → [Russian, English] template. */
const TEMPLATES = new Map<string, readonly [string, string]>([
  ...(["short", "medium"] as const).map((d) => [key({ dateStyle: d }), DATE_STYLES[d]] as const),
  [key({ dateStyle: "long" }), ["{d} {MMMM} {y} г.", "{MMMM} {d}, {y}"]],
  ...(["short", "medium"] as const).map((t) => [key({ timeStyle: t }), TIME_STYLES[t]] as const),
  ...(["short", "medium"] as const).flatMap((d) =>
    (["short", "medium"] as const).map(
      (t) => [key({ dateStyle: d, timeStyle: t }), [`${DATE_STYLES[d][0]}, ${TIME_STYLES[t][0]}`, `${DATE_STYLES[d][1]}, ${TIME_STYLES[t][1]}`]] as const,
    ),
  ),
  [key({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }), ["{HH}:{mm}", "{HH}:{mm}"]],
  [key({ hour: "2-digit", minute: "2-digit" }), ["{HH}:{mm}", "{hh}:{mm} {a}"]],
  [key({ weekday: "short" }), ["{EEE}", "{EEE}"]],
  [key({ weekday: "long", day: "numeric", month: "long" }), ["{EEEE}, {d} {MMMM}", "{EEEE}, {MMMM} {d}"]],
  [key({ weekday: "long", day: "numeric", month: "long", year: "numeric" }), ["{EEEE}, {d} {MMMM} {y} г.", "{EEEE}, {MMMM} {d}, {y}"]],
  [key({ month: "long", year: "numeric" }), ["{LLLL} {y} г.", "{MMMM} {y}"]],
  [key({ day: "numeric", month: "short" }), ["{d} {MMM}", "{MMM} {d}"]],
  [key({ day: "numeric", month: "long" }), ["{d} {MMMM}", "{MMMM} {d}"]],
  [key({ day: "numeric", month: "long", year: "numeric" }), ["{d} {MMMM} {y} г.", "{MMMM} {d}, {y}"]],
  [key({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }), ["{d} {MMM}, {HH}:{mm}", "{MMM} {d}, {hh}:{mm} {a}"]],
  [key({ day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" }), ["{dd}.{MM}, {HH}:{mm}", "{MM}/{dd}, {hh}:{mm} {a}"]],
]);

/** The formats this module writes, for the test that holds them to Intl. */
export const PLAIN_DATE_FORMATS: ReadonlyArray<Intl.DateTimeFormatOptions> = [...TEMPLATES.keys()].map((k) => JSON.parse(k));


function key(options: Record<string, string | undefined>): string {
  const entries = Object.entries(options).filter(([name, value]) => name !== "timeZone" && value !== undefined);
  return JSON.stringify(Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1))));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall clock's fields in a zone this module knows by arithmetic, or undefined. */
function wallClock(time: number, timeZone: string): Date | undefined {
  if (timeZone === "UTC") return new Date(time);
  if (timeZone === HOME_TIME_ZONE && time >= MOSCOW_FIXED_SINCE) return new Date(time + MOSCOW_OFFSET_MS);
  return undefined;
}

function fields(at: Date, names: Names): Fields {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = at.getUTCDate();
  const hour = at.getUTCHours();
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return {
    d: String(day),
    dd: pad(day),
    M: String(month + 1),
    MM: pad(month + 1),
    MMM: names.short[month]!,
    MMMM: names.long[month]!,
    LLLL: names.standalone[month]!,
    y: String(year),
    yy: pad(year % 100),
    EEE: names.weekdayShort[at.getUTCDay()]!,
    EEEE: names.weekdayLong[at.getUTCDay()]!,
    HH: pad(hour),
    h: String(hour12),
    hh: pad(hour12),
    a: hour < 12 ? "AM" : "PM",
    mm: pad(at.getUTCMinutes()),
    ss: pad(at.getUTCSeconds()),
  };
}

/**
 * `at` written as Intl.DateTimeFormat(locale, options) would, or undefined when this
 * module does not know the locale, the options or the zone (the caller falls back to Intl).
 */
export function plainDateTime(
  locale: string,
  at: Date | number,
  options: Intl.DateTimeFormatOptions = {},
  defaultTimeZone: string = HOME_TIME_ZONE,
): string | undefined {
  if (locale !== "ru" && locale !== "en") return undefined;
  const template = TEMPLATES.get(key(options as Record<string, string | undefined>))?.[locale === "ru" ? 0 : 1];
  const time = typeof at === "number" ? at : at.getTime();
  if (template === undefined || !Number.isFinite(time)) return undefined;
  const wall = wallClock(time, options.timeZone ?? defaultTimeZone);
  if (!wall || wall.getUTCFullYear() < 1000 || wall.getUTCFullYear() > 9999) return undefined;
  const values = fields(wall, NAMES[locale]);
  return template.replace(/\{(\w+)\}/g, (_, token: string) => values[token]!);
}
