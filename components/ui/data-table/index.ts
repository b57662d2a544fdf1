export { DataTable, type DataTableProps } from "./data-table";
export { DataTableEmpty } from "./empty";
export { DataTableSkeleton } from "./skeleton";
export type { CardSlot } from "./column-meta";
export type { RowAttributes } from "./rows";
export { useTableLayout } from "./use-layout";
