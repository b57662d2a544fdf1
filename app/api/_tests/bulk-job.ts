import { expect } from "vitest";
import { GET as bulkJob } from "@/app/api/bulk-jobs/[id]/route";
import { POST as startBulk } from "@/app/api/bulk-jobs/route";
import { call } from "./harness";

export type BulkJobDetail = { job: { status: string }; items: { task_id: number; status: string; error_code: string | null }[] };

/** Starts a bulk job through the route as an editor and reads it until done (at most 40 s, every 100 ms). */
export async function runBulkJob(body: Record<string, unknown>): Promise<BulkJobDetail> {
  const res = await call(startBulk, "/api/bulk-jobs", { method: "POST", role: "editor", body });
  expect(res.status).toBe(202);
  const { job } = (await res.json()) as { job: { id: number } };
  let detail: BulkJobDetail | undefined;
  for (let i = 0; i < 400 && detail?.job.status !== "done"; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    detail = (await (await call(bulkJob, `/api/bulk-jobs/${job.id}`, { role: "editor", params: { id: String(job.id) } })).json()) as BulkJobDetail;
  }
  return detail!;
}
