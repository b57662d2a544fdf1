"use client";

import { Badge, type BadgeProps } from "@/components/ui/badge";
import { useOpenLabel } from "./use-labels";

const TONES: Record<string, BadgeProps["tone"]> = {
  ACTIVE: "success",
  FROZEN: "info",
  DRAFT: "neutral",
  COMPLETED: "neutral",
};

/** A campaign's status as a badge; an unknown status shows raw in a neutral badge. */
export function CampaignStatusBadge({ status }: { status: string }) {
  const label = useOpenLabel();
  return <Badge tone={TONES[status] ?? "warning"}>{label("campaignStatus", status)}</Badge>;
}
