import { useFormatter } from "next-intl";

/**
 * An instant's time in the page's zone, as the dashboard's other times read: timeStyle "short",
 * so "8:30 AM" in English and "08:30" in Russian (the calendar's posts and slots alike).
 */
export function useShortTime(): (iso: string) => string {
  const format = useFormatter();
  return (iso) => format.dateTime(new Date(iso), { timeStyle: "short" });
}
