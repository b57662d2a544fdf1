"use client";

import { useQuery } from "@tanstack/react-query";
import { rowMarksQuery, type RowMark } from "@/lib/queries/checks";
import { VerdictMark } from "./verdict-mark";

/** The checks' verdict of a page of rows, in one request (database only: reports of texts the dashboard holds). */
export function useRowChecks(ids: readonly number[]): Readonly<Record<string, RowMark>> | undefined {
  return useQuery(rowMarksQuery(ids)).data;
}

/** A row's clean mark or counts by severity; nothing until the report is known. */
export function CheckRowMark({ id, marks }: { id: number; marks: Readonly<Record<string, RowMark>> | undefined }) {
  const m = marks?.[String(id)];
  if (!m) return null;
  return (
    <span className="mt-1 block" data-row-checks={m.verdict}>
      <VerdictMark verdict={m.verdict} warn={m.warn} block={m.block} compact />
    </span>
  );
}
