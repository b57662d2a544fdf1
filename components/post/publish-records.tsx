"use client";

import { useTranslations } from "next-intl";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { PLATFORMS } from "@/lib/schemas/values";
import { DateTime } from "./date-time";
import { PUBLISH_STATUSES, useEnumLabel } from "./labels";
import { usePost } from "./use-post";

const TONES: Record<string, BadgeProps["tone"]> = { PENDING: "warning", PUBLISHED: "success", FAILED: "danger" };

/** One row per channel the post goes to: platform, status, time, message id. */
export function PublishRecords({ id }: { id: number }) {
  const t = useTranslations("review.post.records");
  const platformLabel = useEnumLabel("platform", PLATFORMS);
  const statusLabel = useEnumLabel("post.records.status", PUBLISH_STATUSES);
  const records = usePost(id).data.data.publish_records;
  if (records.length === 0) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("empty")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="text-xs text-zinc-600 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">{t("channel")}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{t("platform")}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{t("statusColumn")}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{t("time")}</th>
            <th scope="col" className="py-1 font-medium">{t("messageId")}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r, i) => (
            <tr key={`${r.channel_name}-${i}`} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-2 pr-3">{r.channel_name}</td>
              <td className="py-2 pr-3">{platformLabel(r.platform)}</td>
              <td className="py-2 pr-3">
                <Badge tone={TONES[r.status] ?? "neutral"} data-publish-status={r.status}>
                  {statusLabel(r.status)}
                </Badge>
              </td>
              <td className="py-2 pr-3">{r.published_at ? <DateTime value={r.published_at} /> : t("notYet")}</td>
              <td className="py-2 font-mono text-xs break-all">{r.platform_message_id ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
