import { queryOptions } from "@tanstack/react-query";
// Type only: the store is server code, nothing of it reaches the bundle.
import type { SessionListItem } from "@/lib/server/auth/session-store";
import { apiDelete, apiGetRaw, apiPost } from "./fetch-json";

export type AdminSession = SessionListItem;

export const adminSessionKeys = {
  all: ["admin-sessions"] as const,
  list: (email?: string) => ["admin-sessions", email ?? ""] as const,
};

/** The admin page's list; refreshed every 30 s so sessions ended elsewhere show up. */
export function adminSessionsOptions(email?: string) {
  return queryOptions({
    queryKey: adminSessionKeys.list(email),
    queryFn: ({ signal }) => apiGetRaw<{ sessions: AdminSession[] }>("/api/admin/sessions", { email }, signal),
    refetchInterval: 30_000,
    staleTime: 5_000,
  });
}

/** DELETE /api/admin/sessions/[id]: same origin, so the server's origin check passes. */
export async function endAdminSession(id: number): Promise<{ ended: number }> {
  const body = await apiDelete<{ ended?: number }>(`/api/admin/sessions/${id}`);
  return { ended: body.ended ?? 0 };
}

export function endAllSessionsOf(email: string): Promise<{ ended: number }> {
  return apiPost("/api/admin/sessions/revoke", { email });
}
