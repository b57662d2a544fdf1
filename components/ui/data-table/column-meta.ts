import type { CellData, RowData, TableFeatures } from "@tanstack/react-table";

/** Where a column's cell goes when a row is drawn as a card (below 640 px). */
export type CardSlot =
  /** the row's checkbox, top left */
  | "select"
  /** the card's heading line */
  | "title"
  /** short values beside the title (a status) */
  | "badge"
  /** top right, beside the title (a thumbnail) */
  | "aside"
  /** a labelled line: the column's header, then the value (the default) */
  | "field"
  /** the row's links and buttons, under the fields */
  | "actions"
  /** not on the card */
  | "hidden";

/** The shell's per-column options, in `columnDef.meta` of any table's columns. */
export type ShellColumnMeta = {
  /** Classes for the column's header and cells in the table (alignment, `hidden md:table-cell`). */
  className?: string;
  /** The column's place on a card; "field" when absent. */
  card?: CardSlot;
  /** Only in one of the layouts (a card-only button, a table-only column). */
  only?: "table" | "cards";
  /** The column's name as plain text, for the card layout's sort picker when `header` is not a string. */
  label?: string;
};

declare module "@tanstack/table-core" {
  // Every table's column definitions accept the shell's options (typed `meta`).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TFeatures extends TableFeatures, TData extends RowData, TValue extends CellData = CellData> extends ShellColumnMeta {}
}

/** A column's shell options, whatever the table's feature set makes of `meta`'s type. */
export const shellMeta = (column: { columnDef: { meta?: unknown } }): ShellColumnMeta => (column.columnDef.meta ?? {}) as ShellColumnMeta;

type SortDir = "asc" | "desc";
/** The sorting API a column has when its table registers rowSortingFeature. */
export type ColumnSorting = {
  getCanSort: () => boolean;
  getIsSorted: () => false | SortDir;
  getFirstSortDir: () => SortDir;
  getToggleSortingHandler: () => undefined | ((event: unknown) => void);
  toggleSorting: (desc?: boolean, isMulti?: boolean) => void;
};

/**
 * The column's sorting API when it can be sorted, else null. The shell serves
 * tables with and without the sorting feature, so it asks the column instead
 * of relying on the feature set's types.
 */
export function sortingOf(column: object): ColumnSorting | null {
  const c = column as Partial<ColumnSorting>;
  return typeof c.getCanSort === "function" && c.getCanSort() ? (c as ColumnSorting) : null;
}

/** Whether the row is selected, for tables with or without rowSelectionFeature. */
export function isRowSelected(row: object): boolean {
  const r = row as { getIsSelected?: () => boolean };
  return typeof r.getIsSelected === "function" ? r.getIsSelected() : false;
}
