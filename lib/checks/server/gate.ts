import "server-only";
import type { PostDetail } from "@/lib/schemas";
import { ApiError } from "@/lib/server/errors";
import type { Finding } from "../types";
import { reportOf, subjectOf } from "./reports";

export const CHECK_BLOCKED = "check_blocked";

const describe = (f: Finding) => `${f.note} [${f.rule}${f.end > f.start ? ` ${f.start}–${f.end}` : ""}]`;

/**
 * Refuses (409 check_blocked, naming the findings) an approve of a version
 * with a blocking finding: it can be approved once a new version clears it.
 * `post` is the detail the decision already read (fresh when pinned), so
 * this costs no upstream call.
 */
export async function assertChecksClear(post: PostDetail): Promise<void> {
  const subject = subjectOf(post);
  if (!subject) return;
  const report = await reportOf(subject, "interactive");
  const blocking = report.findings.filter((f) => f.severity === "block");
  if (blocking.length === 0) return;
  throw new ApiError(
    CHECK_BLOCKED,
    `Пост нельзя одобрить: проверки нашли блокирующие замечания в версии ${report.version ?? "—"} (${blocking.length}): ${blocking.map(describe).join("; ")}. Одобрить можно будет новую версию, в которой их нет.`,
    { status: 409 },
  );
}
