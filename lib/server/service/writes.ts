import "server-only";
import type { ApprovalResult, PostDetail } from "@/lib/schemas";
import type { Gateway } from "@/lib/server/gateway/gateway";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { log } from "@/lib/server/log";
import type { CallOptions } from "@/lib/upstream";
import { UpstreamUnavailableError } from "@/lib/upstream/errors";

export type Decision = "approve" | "reject";
export type WriteResult = ApprovalResult & { recovered?: boolean };

const TARGET: Record<Decision, string> = { approve: "APPROVED", reject: "CANCELED" };
const RECOVERED_MESSAGE: Record<Decision, string> = {
  approve: "Сервис не ответил вовремя, но повторное чтение поста подтвердило: пост одобрен.",
  reject: "Сервис не ответил вовремя, но повторное чтение поста подтвердило: пост отклонён.",
};

export type WriteDeps = {
  gateway: Gateway;
  send: (id: number, o: CallOptions) => Promise<ApprovalResult>;
  /** A fresh read of the post, paid from the write lane's reserve. */
  reread: (id: number) => Promise<PostDetail>;
  invalidate: (id: number) => void;
};

/**
 * An approve or reject. Approve is idempotent upstream, so it is sent again
 * once after a network error; reject never is. When a write times out we
 * cannot know whether it was applied, so the post is read again before the
 * answer is given: the person is told "done" only when the upstream's own
 * state says so; otherwise the original failure is reported.
 */
export async function decide(action: Decision, id: number, deps: WriteDeps): Promise<WriteResult> {
  let result: ApprovalResult;
  try {
    result = await deps.gateway.direct(action, "write", action === "approve" ? "once-on-network" : "never", (o) =>
      deps.send(id, o),
    );
  } catch (e) {
    // Whatever reached the upstream may have changed the post; a refusal of our own did not.
    if (!(e instanceof BudgetExhaustedError)) deps.invalidate(id);
    if (!(e instanceof UpstreamUnavailableError && e.reason === "timeout")) throw e;
    let post: PostDetail;
    try {
      post = await deps.reread(id);
    } catch (rereadError) {
      log.warn("write timed out and the post could not be read again", { action, taskId: id, error: rereadError instanceof Error ? rereadError : String(rereadError) });
      throw e;
    }
    if (post.status !== TARGET[action]) {
      log.warn("write timed out and the post did not reach its target status", { action, taskId: id, status: post.status });
      throw e;
    }
    log.info("write timed out but the re-read confirms it", { action, taskId: id, status: post.status });
    return {
      task_id: id,
      status: post.status,
      result: action === "approve" ? "approved_now" : "rejected_now",
      message: RECOVERED_MESSAGE[action],
      recovered: true,
    };
  }
  deps.invalidate(id);
  return result;
}
