import "server-only";
import { postReport, rowMarks, within } from "@/lib/server/checks/row-marks";
import type { PrefetchEntry } from "@/lib/server/queries/server-query-client";
import { checksKeys, rowMarksQuery } from "@/lib/queries/checks";

/*
 * The checks' reads a page hands the browser with its data, under the keys the browser's queries
 * use (database only: stored reports of texts the dashboard holds). Each waits at most
 * CHECKS_WITHIN_MS: a report not made yet (a new version, the instance's first near-duplicate
 * index) is left to the browser, which asks for it as before, rather than holding the page.
 */
const CHECKS_WITHIN_MS = 1_000;

/** The rows' clean marks or counts (useRowChecks). */
export const rowChecksEntry = (ids: readonly number[]): PrefetchEntry[] =>
  ids.length === 0 ? [] : [{ queryKey: rowMarksQuery(ids).queryKey, queryFn: () => within(rowMarks(ids), CHECKS_WITHIN_MS) }];

/** The post's report of its active version (the checks panel and the versions diff). */
export const postChecksEntry = (id: number, version: number | null): PrefetchEntry => ({
  queryKey: checksKeys.post(id, version),
  queryFn: () => within(postReport(id, version), CHECKS_WITHIN_MS),
});
