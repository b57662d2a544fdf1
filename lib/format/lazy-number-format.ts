import { plainNumber } from "./plain-number";

type NumberFormatConstructor = typeof Intl.NumberFormat;

/**
 * Makes `Intl.NumberFormat` of the dashboard's locales and formats build the real formatter
 * only when something other than `format` is asked of it: `format` writes through
 * plainNumber. Installed in the browser before the app starts (instrumentation-client.ts).
 *
 * Why: next-intl's messages write a plural's `#` with `new Intl.NumberFormat(locale)`, and a
 * page's first Intl formatter costs a phone ~100 ms of main thread while it hydrates (the
 * browser loads the locale's data). The dashboard's own formats go through
 * lib/format/use-formatter.ts; this covers the messages, which offer no such hook.
 * The texts are Intl's (plain-format.test.ts); anything plainNumber does not know, the real
 * formatter writes.
 */
export function installLazyNumberFormat(intl: { NumberFormat: NumberFormatConstructor }): void {
  const Native = intl.NumberFormat;
  if ((Native as { lazy?: boolean }).lazy) return;
  function LazyNumberFormat(locales?: string | string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat {
    if (typeof locales !== "string" || plainNumber(locales, 0, options) === undefined) return new Native(locales, options);
    const locale = locales;
    let native: Intl.NumberFormat | undefined;
    const real = () => (native ??= new Native(locale, options));
    const format = (value: number | bigint | string) => (typeof value === "number" ? plainNumber(locale, value, options) : undefined) ?? real().format(value as number);
    return new Proxy(Object.create(Native.prototype) as Intl.NumberFormat, {
      get(_, name) {
        if (name === "format") return format;
        const value = Reflect.get(real(), name);
        return typeof value === "function" ? value.bind(real()) : value;
      },
    });
  }
  LazyNumberFormat.prototype = Native.prototype;
  LazyNumberFormat.supportedLocalesOf = Native.supportedLocalesOf;
  LazyNumberFormat.lazy = true;
  intl.NumberFormat = LazyNumberFormat as unknown as NumberFormatConstructor;
}
