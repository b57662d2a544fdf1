"use client";

import type { ReactTable, RowData, TableFeatures } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { shellMeta, sortingOf } from "./column-meta";

const select = "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/**
 * Cards have no column headers to click: the sortable columns go into a
 * picker (column, then direction) that drives the same sorting state.
 */
export function CardSortPicker<TFeatures extends TableFeatures, TData extends RowData>({ table }: { table: ReactTable<TFeatures, TData> }) {
  const t = useTranslations("common.table");
  const byId = useId();
  const dirId = useId();
  const sortable = table.getAllLeafColumns().flatMap((column) => {
    const sorting = sortingOf(column);
    if (!sorting || shellMeta(column).only === "table") return [];
    const header = column.columnDef.header;
    const label = shellMeta(column).label ?? (typeof header === "string" ? header : column.id);
    return [{ id: column.id, label, sorting }];
  });
  if (sortable.length === 0) return null;
  const current = sortable.find((c) => c.sorting.getIsSorted() !== false);
  const direction = current?.sorting.getIsSorted();

  return (
    <div className="flex flex-wrap items-end gap-2 text-sm">
      <span className="flex flex-col gap-1">
        <label htmlFor={byId}>{t("sortBy")}</label>
        <select
          id={byId}
          className={select}
          value={current?.id ?? ""}
          onChange={(e) => {
            const next = sortable.find((c) => c.id === e.target.value);
            next?.sorting.toggleSorting(next.sorting.getFirstSortDir() === "desc", false);
          }}
        >
          {!current && <option value="">{t("none")}</option>}
          {sortable.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </span>
      {current && (
        <span className="flex flex-col gap-1">
          <label htmlFor={dirId}>{t("order")}</label>
          <select id={dirId} className={select} value={direction || "asc"} onChange={(e) => current.sorting.toggleSorting(e.target.value === "desc", false)}>
            <option value="asc">{t("ascending")}</option>
            <option value="desc">{t("descending")}</option>
          </select>
        </span>
      )}
    </div>
  );
}
