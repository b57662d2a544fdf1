"use client";

import { FlexRender, type ReactTable, type Row, type RowData, type TableFeatures } from "@tanstack/react-table";
import { useDeferredValue, useEffect, useMemo, useRef } from "react";
import { ScrollRegion } from "@/components/charts/scroll-region";
import { SortButton, ariaSort } from "@/components/ui/sort-button";
import { cn } from "@/lib/cn";
import { CardSortPicker } from "./card-sort";
import { isRowSelected, shellMeta, sortingOf } from "./column-meta";
import { CardItem, TableRow, type RowAttributes } from "./rows";
import { useInBrowser } from "@/lib/queries/browser-only";
import { useTableLayout } from "./use-layout";

export type DataTableProps<TFeatures extends TableFeatures, TData extends RowData> = {
  /** The table from `useTable` (the caller owns its features, columns, data and state). */
  table: ReactTable<TFeatures, TData>;
  /** Names the table (a visually hidden caption) and the card list. */
  caption: string;
  /** A table wider than its box scrolls inside a focusable region with this name (axe: scrollable-region-focusable). */
  scrollLabel?: string;
  /** On the `<table>`: a minimum width, the font size. */
  tableClassName?: string;
  /** On the `<thead>`. */
  headClassName?: string;
  /** Padding of every header and body cell. */
  cellClassName?: string;
  testId?: string;
  rowTestId?: string;
  cardTestId?: string;
  /** Data attributes, `aria-current` and classes of a row (or its card); compared by value, so a fresh object is fine. */
  rowAttributes?: (row: Row<TFeatures, TData>) => RowAttributes;
  /** A click on a row (or card) outside its links, inputs and buttons. */
  onRowClick?: (row: Row<TFeatures, TData>) => void;
  /** Rows can take focus (tabindex -1); when `focusToken` changes, the row with this id takes it and scrolls into view. */
  focusRowId?: string | null;
  focusToken?: number;
  /** Cards below 640 px (default); false keeps the table at every width. */
  cards?: boolean;
  /**
   * Cards off screen are neither styled, laid out nor painted until they scroll near
   * (`content-visibility: auto`, each holding its last height, or about a card's). For long lists
   * of cards without small controls: laying out all 29 of engagement's was its longest task on a
   * phone. Not for cards with checkboxes: axe (Lighthouse's accessibility audit) cannot hit-test a
   * card it has not laid out and reports its controls as too small targets.
   */
  lazyCards?: boolean;
  /**
   * Only the fields of each card (its list of labels and values) skip rendering while off screen;
   * the checkbox, title, badges and actions are laid out at once, so axe can hit-test them. For
   * cards with controls whose fields hold none: on a phone's queue the fields are about half of a
   * card's elements, and laying out all twenty cards was its largest task after the first paint.
   */
  lazyCardFields?: boolean;
};

/** Off-screen cards skip rendering until near (see `lazyCards`); nothing in a card overflows it, so the paint containment clips nothing. */
const LAZY_CARDS = "[&>li]:[contain-intrinsic-size:auto_9rem] [&>li]:[content-visibility:auto]";

/** Rows a client-side mount draws in its first render; more wait for a second one (see DataTable). */
export const DRAW_AT_ONCE = 30;

/**
 * The one table shell: caption, header with the shared sort button and
 * aria-sort, memoised rows, and below 640 px the same rows as cards (from the
 * columns' `meta.card`), with the selection checkbox and a sort picker on top.
 * A client-side mount draws the rows in an interruptible render, with
 * placeholder rows meanwhile, instead of one long task.
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>(props: DataTableProps<TFeatures, TData>) {
  const { table, caption, rowAttributes, onRowClick, focusRowId, focusToken = 0, cards = true } = props;
  const layout = useTableLayout();
  const shown = cards ? layout : "table";
  const hydrating = !useInBrowser();

  const rows = table.getRowModel().rows;
  // A client-side mount of a big page of rows draws them in a second, interruptible render
  // (placeholders first), so it never blocks the page in one long task. A page of up to
  // DRAW_AT_ONCE rows (the queue's default 20) is drawn at once: a click there waited a second
  // render for rows that cost less than it. The server render and hydration draw
  // them at once; later updates are synchronous, and cheap because rows are memoised.
  const ready = useDeferredValue(true, hydrating || rows.length <= DRAW_AT_ONCE);
  const settling = !ready && rows.length > 0;

  const clickRef = useRef(onRowClick);
  useEffect(() => {
    clickRef.current = onRowClick;
  }, [onRowClick]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusToken === 0 || focusRowId == null) return;
    const el = [...(box.current?.querySelectorAll<HTMLElement>("[data-row-id]") ?? [])].find((e) => e.dataset.rowId === focusRowId);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: "nearest" });
  }, [focusToken, focusRowId]);

  const onClick = (e: React.MouseEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (!clickRef.current || target.closest("a, input, button, select, label, textarea")) return;
    const id = target.closest<HTMLElement>("[data-row-id]")?.dataset.rowId;
    const row = id === undefined ? undefined : rows.find((r) => r.id === id);
    if (row) clickRef.current(row);
  };

  const common = {
    columns: table.options.columns,
    meta: table.options.meta,
    focusable: focusRowId !== undefined,
  };
  const line = (row: Row<TFeatures, TData>) => ({
    row,
    original: row.original,
    selected: isRowSelected(row),
    attrs: rowAttributes?.(row),
    ...common,
  });

  const flat = table.getFlatHeaders();
  const headers = useMemo(() => new Map(flat.map((h) => [h.column.id, h] as const)), [flat]);
  const cellClassName = props.cellClassName ?? "px-3 py-2";

  const tableView = (
    <TableFrame label={props.scrollLabel}>
      <table className={cn("w-full border-collapse text-left text-sm", props.tableClassName)} data-testid={props.testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn("bg-zinc-50 dark:bg-zinc-900", props.headClassName)}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers
                .filter((h) => shellMeta(h.column).only !== "cards")
                .map((header) => {
                  const sorting = sortingOf(header.column);
                  const sorted = sorting?.getIsSorted() ?? false;
                  const content = header.isPlaceholder ? null : <FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorting ? ariaSort(sorted) : undefined}
                      className={cn(cellClassName, "font-semibold", shellMeta(header.column).className)}
                    >
                      {sorting && content ? (
                        <SortButton sorted={sorted} onClick={sorting.getToggleSortingHandler()}>
                          {content}
                        </SortButton>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
            </tr>
          ))}
        </thead>
        <tbody onClick={onClick}>
          {settling
            ? rows.slice(0, 12).map((row) => <PlaceholderRow key={row.id} span={row.getAllCells().length} className={cellClassName} />)
            : rows.map((row) => <TableRow key={row.id} {...line(row)} cellClassName={cellClassName} testId={props.rowTestId} />)}
        </tbody>
      </table>
    </TableFrame>
  );

  const selectHeader = flat.find((h) => shellMeta(h.column).card === "select");
  const cardView = (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-2 empty:hidden">
        {selectHeader && (
          <div className="flex items-center gap-2 text-sm">
            <FlexRender header={selectHeader} />
          </div>
        )}
        <CardSortPicker table={table} />
      </div>
      <ul role="list" aria-label={caption} className={cn("space-y-2", props.lazyCards && LAZY_CARDS)} onClick={onClick}>
        {settling
          ? rows.slice(0, 6).map((row) => <li key={row.id} aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" />)
          : rows.map((row) => <CardItem key={row.id} {...line(row)} headers={headers} cellClassName={cellClassName} testId={props.cardTestId} lazyFields={props.lazyCardFields} />)}
      </ul>
    </div>
  );

  return (
    // The same two slots in every layout, so the one kept after hydration stays in place (no second
    // render of its rows). No Suspense boundary around them: the server streams a large finished
    // boundary as a separate part that React reveals only 300 ms after the first paint, and the
    // rows are the page's largest paint. Without a client hint (./use-layout.ts) the server and
    // hydration draw both layouts once; the unused one is then dropped.
    <div ref={box}>
      <div className={shown === "both" ? "hidden sm:block" : undefined}>{shown !== "cards" && tableView}</div>
      <div className={shown === "both" ? "sm:hidden" : undefined}>{shown !== "table" && cardView}</div>
    </div>
  );
}

function TableFrame({ label, children }: { label?: string; children: React.ReactNode }) {
  const frame = "rounded-lg border border-zinc-200 dark:border-zinc-800";
  return label ? (
    <ScrollRegion label={label} className={frame}>
      {children}
    </ScrollRegion>
  ) : (
    <div className={cn("overflow-x-auto", frame)}>{children}</div>
  );
}

/** A row's reserved space while the first rows render (see DataTable). */
function PlaceholderRow({ span, className }: { span: number; className: string }) {
  return (
    <tr aria-hidden="true" className="border-t border-zinc-200 dark:border-zinc-800">
      <td colSpan={span} className={className}>
        <div className="h-12 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
      </td>
    </tr>
  );
}
