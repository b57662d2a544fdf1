import { useMemo } from "react";
import { useFormatter as useIntlFormatter, useLocale, useTimeZone } from "next-intl";
import { plainDateTime } from "./plain-date";
import { plainNumber } from "./plain-number";

type Formatter = ReturnType<typeof useIntlFormatter>;

/**
 * next-intl's formatter, with its dates and numbers written by the plain formatters
 * where they know the format (the dashboard's formats in Russian and English): a
 * page that hydrates then builds no Intl formatter, the first of which costs a phone
 * 100–300 ms of main thread. Same texts, checked against Intl in plain-format.test.ts;
 * named formats and anything else go to next-intl as before.
 */
export function useFormatter(): Formatter {
  const intl = useIntlFormatter();
  const locale = useLocale();
  const timeZone = useTimeZone();
  return useMemo(() => {
    // Called as (value, options) or (value, formatName, options): only the first is ours.
    const dateTime = ((value: Date | number, options?: unknown, ...rest: unknown[]) => {
      const plain =
        rest.length === 0 && (options === undefined || typeof options === "object") ? plainDateTime(locale, value, options as Intl.DateTimeFormatOptions, timeZone) : undefined;
      return plain ?? (intl.dateTime as (...args: unknown[]) => string)(value, options, ...rest);
    }) as Formatter["dateTime"];
    const number = ((value: number | bigint, options?: unknown, ...rest: unknown[]) => {
      const plain =
        typeof value === "number" && rest.length === 0 && (options === undefined || typeof options === "object")
          ? plainNumber(locale, value, options as Intl.NumberFormatOptions)
          : undefined;
      return plain ?? (intl.number as (...args: unknown[]) => string)(value, options, ...rest);
    }) as Formatter["number"];
    return { ...intl, dateTime, number };
  }, [intl, locale, timeZone]);
}
