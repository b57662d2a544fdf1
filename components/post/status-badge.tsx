"use client";

import { Badge, type BadgeProps } from "@/components/ui/badge";
import { POST_STATUSES } from "@/lib/schemas/values";
import { useEnumLabel } from "./labels";

const TONES: Record<string, BadgeProps["tone"]> = {
  WAITING_APPROVAL: "warning",
  APPROVED: "info",
  SCHEDULED: "info",
  GENERATING: "neutral",
  READY: "info",
  PUBLISHING: "info",
  PUBLISHED: "success",
  PARTIALLY_PUBLISHED: "warning",
  CANCELED: "neutral",
  FAILED: "danger",
};

/** A post's status: translated when known, raw when not; `data-post-status` carries the upstream value. */
export function PostStatusBadge({ status, className }: { status: string; className?: string }) {
  const label = useEnumLabel("status", POST_STATUSES);
  return (
    <Badge tone={TONES[status] ?? "neutral"} data-post-status={status} className={className}>
      {label(status)}
    </Badge>
  );
}
