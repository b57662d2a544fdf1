"use client";

import { useTranslations, useFormatter } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { labelOr } from "@/i18n/keys";
import { isRole } from "@/lib/auth/roles";
import type { AdminSession } from "@/lib/queries/admin-sessions";

const cell = "px-3 py-2 align-top";

/** One row per session; the "end" button only on open ones. */
export function SessionsTable({ sessions, onEnd, pendingId }: { sessions: AdminSession[]; onEnd: (s: AdminSession) => void; pendingId?: number }) {
  const t = useTranslations("common.sessions");
  const tc = useTranslations("common");
  const format = useFormatter();
  const when = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" })}</time>;
  const reason = (r: string | null) => (r && r in REASONS ? t(`reasons.${r as Reason}`) : (r ?? ""));
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("caption", { count: sessions.length })}</caption>
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {(["person", "role", "method", "signedIn", "lastSeen", "expires", "device", "status", "actions"] as const).map((c) => (
              <th key={c} scope="col" className={cell}>
                {t(`columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className={cell}>
                <span className="font-medium">{s.user_name}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{s.user_email}</span>
              </td>
              <td className={cell}>{isRole(s.role) ? tc(`roles.${s.role}`) : s.role}</td>
              <td className={cell}>{labelOr(t, "methods", s.provider)}</td>
              <td className={cell}>{when(s.created_at)}</td>
              <td className={cell}>{when(s.last_seen_at)}</td>
              <td className={cell}>{when(s.expires_at)}</td>
              <td className={`${cell} text-xs`}>
                {s.ip ?? "—"}
                {/* A user agent is long and mostly noise: one line, the whole of it on hover. */}
                {s.user_agent && (
                  <span title={s.user_agent} className="block max-w-48 truncate text-zinc-600 dark:text-zinc-400">
                    {s.user_agent}
                  </span>
                )}
              </td>
              <td className={cell}>
                {s.active ? (
                  <Badge tone="success">{t("active")}</Badge>
                ) : (
                  <Badge tone="neutral">
                    {reason(s.revoked_reason)}
                    {s.revoked_by ? ` ${t("endedBy", { email: s.revoked_by })}` : ""}
                  </Badge>
                )}
              </td>
              <td className={cell}>
                {s.active && (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={pendingId === s.id}
                    aria-label={t("endLabel", { email: s.user_email, date: format.dateTime(new Date(s.created_at), { dateStyle: "short", timeStyle: "short" }) })}
                    onClick={() => onEnd(s)}
                  >
                    {t("end")}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The reasons the server writes (lib/server/auth/session-store.ts END_REASONS); anything else is shown as it is.
const REASONS = { signed_out: 1, user_removed: 1, role_changed: 1, revoked_by_admin: 1, idle: 1, expired: 1 } as const;
type Reason = keyof typeof REASONS;
