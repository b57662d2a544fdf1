import { useQuery } from "@tanstack/react-query";
import { postQuery } from "./posts";

/**
 * Whether the post can be read right now: its query holds the post and its
 * latest fetch did not fail. False while it loads, and from a failure (an outage,
 * a 404, a 403, an answer of the wrong shape) until a fetch succeeds again —
 * React Query keeps retrying transient failures (keeping the old data meanwhile,
 * hence the failure count), so it turns true by itself when the service is
 * back. Data the server served stale
 * (`meta.stale`) counts as readable: the post is on screen, with its note.
 *
 * For the decision buttons: disable approve/reject while this is false.
 * It only watches the shared post query (no fetch of its own, no Suspense).
 */
export function usePostReadable(id: number): boolean {
  const { status, data, failureCount } = useQuery({ ...postQuery(id), enabled: false });
  return status === "success" && data !== undefined && failureCount === 0;
}
