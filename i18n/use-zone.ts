import { useTimeZone } from "next-intl";
import { DEFAULT_TIME_ZONE } from "./config";

/** The time zone the page carries (i18n/request.ts always sets one: the person's, or the team's). */
export function useZone(): string {
  return useTimeZone() ?? DEFAULT_TIME_ZONE;
}
