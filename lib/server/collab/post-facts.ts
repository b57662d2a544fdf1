import "server-only";
import type { Priority } from "@/lib/server/upstream-service";
import { service } from "@/lib/server/upstream-service";

/**
 * The post's campaign and active version, from the cached read the post page
 * already made (the same key, so a comment or a verdict costs no upstream
 * request of its own); an unknown post is the upstream's 404.
 */
export async function postFacts(taskId: number, priority: Priority = "interactive"): Promise<{ campaign_id: number; active_version: number | null }> {
  const { data } = await service.post(taskId, priority);
  return { campaign_id: data.campaign_id, active_version: data.versions.find((v) => v.is_active)?.version_number ?? null };
}
