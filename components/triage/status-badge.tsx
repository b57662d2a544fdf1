"use client";

import { POST_STATUSES } from "@/lib/schemas/values";
import { useEnumLabel } from "@/components/post/labels";

/**
 * A post status's label (review.status.*, shared with the post page) for
 * filters and announcements; an unknown status reads as it comes. The badge
 * itself is the post page's PostStatusBadge.
 */
export function useStatusLabel(): (status: string) => string {
  return useEnumLabel("status", POST_STATUSES);
}
