import { HOME_TIME_ZONE } from "@/lib/analytics/dates";

/**
 * The first date or number format a page builds loads the browser's locale
 * data (ICU): ~20 ms on this machine, ~90 ms of a phone's main thread at 4×
 * slowdown, and it landed inside hydration's longest task on every page with
 * a date. This script pays it in the idle time while the page's scripts are
 * still downloading: it runs after the first paint (setTimeout from the end of
 * the server's HTML), builds one date and one number format for the page's
 * language and the home zone, and throws them away; the formats the page
 * builds later are then cheap (~0.2 ms each). Inline and nonced like the
 * theme script; nothing depends on it having run.
 */
export function IntlWarmup({ locale, nonce }: { locale: string; nonce?: string }) {
  const script = `setTimeout(function(){try{new Intl.DateTimeFormat(${JSON.stringify(locale)},{timeZone:${JSON.stringify(HOME_TIME_ZONE)},dateStyle:"short",timeStyle:"short"}).format(0);new Intl.NumberFormat(${JSON.stringify(locale)}).format(0)}catch(e){}},0)`;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
