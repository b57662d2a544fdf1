import { queryOptions } from "@tanstack/react-query";
import type { AdminHealth } from "@/lib/schemas/admin-health";
import { apiGetRaw } from "./fetch-json";

/** How often the health screen asks: the route costs no upstream call, so this is only the server's own work. */
export const ADMIN_HEALTH_POLL_MS = 5_000;

/**
 * The admin health screen's figures, polled every 5 s while the tab is
 * visible (React Query pauses an interval in a hidden tab, and refetches on focus).
 */
export function adminHealthOptions() {
  return queryOptions({
    queryKey: ["admin-health"] as const,
    queryFn: ({ signal }) => apiGetRaw<{ data: AdminHealth }>("/api/admin/health", undefined, signal),
    refetchInterval: ADMIN_HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
