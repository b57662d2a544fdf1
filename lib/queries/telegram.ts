import { queryOptions } from "@tanstack/react-query";
import { apiDelete, apiGetRaw, apiPost } from "./fetch-json";

/** The profile's Telegram section: GET/PUT /api/account/telegram, POST/DELETE /api/account/telegram/link. */
export type TelegramKinds = { deadline: boolean; mention: boolean; changes_requested: boolean; digest: boolean };
export type TelegramView = { available: boolean; bot: string | null; linked: boolean; username: string | null; linked_at: string | null; kinds: TelegramKinds | null };

export const telegramKeys = { account: ["telegram", "account"] as const };

export function telegramAccountOptions() {
  return queryOptions({
    queryKey: telegramKeys.account,
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: TelegramView }>("/api/account/telegram", undefined, signal)).data,
  });
}

export const createTelegramLink = () => apiPost<{ code: string; url: string; expires_at: string }>("/api/account/telegram/link");
export const removeTelegramLink = () => apiDelete<{ unlinked: boolean }>("/api/account/telegram/link");

export async function saveTelegramKinds(kinds: TelegramKinds): Promise<TelegramView> {
  const response = await fetch("/api/account/telegram", {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ kinds }),
  });
  const body = (await response.json().catch(() => null)) as { data?: TelegramView; error?: { message: string } } | null;
  if (!response.ok || !body?.data) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body.data;
}

/** A campaign's reminders and escalation (admin): GET/PUT/DELETE /api/telegram/campaigns/[id]. */
export type ReminderRule = { approvers: string[]; backups: string[]; remind_hours: number; repeat_hours: number; escalate_hours: number };
export type RemindersView = { campaign_id: number; rule: (ReminderRule & { updated_by: string; updated_at: string }) | null; chat_bound: boolean };

export const remindersKey = (id: number) => ["telegram", "reminders", id] as const;

export function remindersOptions(id: number) {
  return queryOptions({
    queryKey: remindersKey(id),
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: RemindersView }>(`/api/telegram/campaigns/${id}`, undefined, signal)).data,
  });
}

export async function saveReminders(id: number, rule: ReminderRule | null): Promise<RemindersView> {
  const response = await fetch(`/api/telegram/campaigns/${id}`, {
    method: rule ? "PUT" : "DELETE",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: rule ? JSON.stringify(rule) : undefined,
  });
  const body = (await response.json().catch(() => null)) as { data?: RemindersView; error?: { message: string } } | null;
  if (!response.ok || !body?.data) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body.data;
}

/** The profile's MAX section: GET/PUT /api/account/max, POST/DELETE /api/account/max/link. */
export type Messenger = "telegram" | "max";
export type MaxView = { available: boolean; bot: string | null; linked: boolean; username: string | null; linked_at: string | null; kinds: TelegramKinds | null; reminders_to: Messenger };
export const maxKeys = { account: ["max", "account"] as const };

export function maxAccountOptions() {
  return queryOptions({
    queryKey: maxKeys.account,
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: MaxView }>("/api/account/max", undefined, signal)).data,
  });
}

export const createMaxLink = () => apiPost<{ code: string; url: string; expires_at: string }>("/api/account/max/link");
export const removeMaxLink = () => apiDelete<{ unlinked: boolean }>("/api/account/max/link");

export const saveRemindersTo = (to: Messenger) => putMaxAccount({ reminders_to: to });
export const saveMaxKinds = (kinds: TelegramKinds) => putMaxAccount({ kinds });

/** «Отправить в Telegram / MAX» on the post page: POST /api/posts/[id]/telegram or /max. */
export const sendPostTo = (to: Messenger, id: number) => apiPost<{ sent: boolean }>(`/api/posts/${id}/${to}`);

async function putMaxAccount(change: { reminders_to: Messenger } | { kinds: TelegramKinds }): Promise<MaxView> {
  const response = await fetch("/api/account/max", {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(change),
  });
  const body = (await response.json().catch(() => null)) as { data?: MaxView; error?: { message: string } } | null;
  if (!response.ok || !body?.data) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body.data;
}
