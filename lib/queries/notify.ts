import { queryOptions } from "@tanstack/react-query";
import type { MarkReadBody, NotifySettings, NotifySettingsView } from "@/lib/schemas/notify";
import { ApiClientError, apiPost, apiRead } from "./fetch-json";

/** Keys of the bell and the profile's settings; the live stream's notification event invalidates `notifyKeys.list`. */
export const notifyKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
  settings: ["notifications", "settings"] as const,
};

/** How many of the latest notifications the bell lists. */
export const BELL_LIMIT = 20;

/**
 * The bell's list (latest `BELL_LIMIT`) with the unread count. Polled slowly as a
 * fallback: the event stream tells an open tab at once (lib/events/invalidate.ts).
 */
export function notificationsOptions() {
  return queryOptions({
    queryKey: notifyKeys.list,
    queryFn: async ({ signal }) => (await apiRead("notifications", "/api/notifications", { query: { limit: BELL_LIMIT }, signal, priority: "background" })).data,
    refetchInterval: 60_000,
    staleTime: 10_000,
  });
}

export function notifySettingsOptions() {
  return queryOptions({
    queryKey: notifyKeys.settings,
    queryFn: async ({ signal }) => (await apiRead("notifySettings", "/api/account/notifications", { signal })).data,
  });
}

export async function markNotificationsRead(body: MarkReadBody): Promise<{ unread: number }> {
  return (await apiPost<{ data: { unread: number } }>("/api/notifications/read", body)).data;
}

/** PUT /api/account/notifications; a refusal keeps the envelope's code and message, like every other write. */
export async function saveNotifySettings(settings: NotifySettings): Promise<NotifySettingsView> {
  let response: Response;
  try {
    response = await fetch("/api/account/notifications", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(settings),
    });
  } catch (e) {
    throw new ApiClientError(0, "network_error", e instanceof Error ? e.message : "No connection to the dashboard's server");
  }
  const body = (await response.json().catch(() => null)) as { data?: NotifySettingsView; error?: { code: string; message: string } } | null;
  if (!response.ok || !body?.data) {
    throw new ApiClientError(response.status, body?.error?.code ?? "http_error", body?.error?.message ?? `HTTP ${response.status}`);
  }
  return body.data;
}
