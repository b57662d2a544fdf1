"use client";

import { useTranslations } from "next-intl";
import type { Viewer } from "@/lib/schemas/collab";

/**
 * "Анна, Борис и ещё 2" — at most three names. Apart from the post page's presence line: the
 * queue's rows name their viewers too, without its heartbeat and decision reads.
 */
export function useViewerNames() {
  const t = useTranslations("collab.presence");
  return (viewers: readonly Viewer[]) => {
    const names = viewers.slice(0, 3).map((v) => v.name).join(", ");
    return viewers.length > 3 ? t("andMore", { names, n: viewers.length - 3 }) : names;
  };
}
