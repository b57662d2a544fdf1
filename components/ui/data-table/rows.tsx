"use client";

import { FlexRender, type Cell, type Header, type Row, type RowData, type TableFeatures } from "@tanstack/react-table";
import { memo, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { shellMeta, type CardSlot } from "./column-meta";

/** What a table may put on a row's element (the `<tr>` or the card's `<li>`): data attributes, state, styling. */
export type RowAttributes = {
  className?: string;
  "aria-current"?: "true";
  [data: `data-${string}`]: string | number | boolean | undefined;
};

/**
 * Everything a row's rendering depends on. A row is drawn again only when one
 * of these changes: its data object, its selection, the columns, the table's
 * meta or its attributes. A poll that brings the same posts, or one post's
 * metrics arriving, redraws nothing or one row instead of all of them.
 */
type RowProps<TFeatures extends TableFeatures, TData extends RowData> = {
  row: Row<TFeatures, TData>;
  original: TData;
  selected: boolean;
  columns: unknown;
  meta: unknown;
  attrs: RowAttributes | undefined;
  focusable: boolean;
  cellClassName: string;
  testId?: string;
};

function sameAttrs(a: RowAttributes | undefined, b: RowAttributes | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a) as (keyof RowAttributes)[];
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

function sameRow<TFeatures extends TableFeatures, TData extends RowData>(a: RowProps<TFeatures, TData>, b: RowProps<TFeatures, TData>): boolean {
  return (
    a.original === b.original &&
    a.selected === b.selected &&
    a.columns === b.columns &&
    a.meta === b.meta &&
    a.focusable === b.focusable &&
    a.cellClassName === b.cellClassName &&
    a.testId === b.testId &&
    sameAttrs(a.attrs, b.attrs)
  );
}

const inTable = (cell: { column: { columnDef: { meta?: unknown } } }) => shellMeta(cell.column).only !== "cards";

function TableRowImpl<TFeatures extends TableFeatures, TData extends RowData>({ row, attrs, focusable, cellClassName, testId }: RowProps<TFeatures, TData>) {
  return (
    <tr
      {...attrs}
      data-row-id={row.id}
      data-testid={testId}
      tabIndex={focusable ? -1 : undefined}
      className={cn("border-t border-zinc-200 align-top dark:border-zinc-800", attrs?.className)}
    >
      {row
        .getAllCells()
        .filter(inTable)
        .map((cell) => (
          <td key={cell.id} data-col={cell.column.id} className={cn(cellClassName, shellMeta(cell.column).className)}>
            <FlexRender cell={cell} />
          </td>
        ))}
    </tr>
  );
}

/** One table row, memoised (see RowProps). */
export const TableRow = memo(TableRowImpl, sameRow) as typeof TableRowImpl;

type CardProps<TFeatures extends TableFeatures, TData extends RowData> = RowProps<TFeatures, TData> & {
  headers: ReadonlyMap<string, Header<TFeatures, TData, unknown>>;
  /** The fields skip rendering while off screen (DataTable's `lazyCardFields`). */
  lazyFields?: boolean;
};

/** Off-screen fields are neither styled, laid out nor painted until near, holding their last height (or about three rows'). */
const LAZY_FIELDS = "[contain-intrinsic-block-size:auto_5rem] [content-visibility:auto]";

const slotOf = (cell: { column: { columnDef: { meta?: unknown } } }): CardSlot =>
  shellMeta(cell.column).only === "table" ? "hidden" : (shellMeta(cell.column).card ?? "field");

function CardItemImpl<TFeatures extends TableFeatures, TData extends RowData>({ row, attrs, focusable, testId, headers, lazyFields }: CardProps<TFeatures, TData>) {
  const bySlot = new Map<CardSlot, Cell<TFeatures, TData, unknown>[]>();
  for (const cell of row.getAllCells()) {
    const slot = slotOf(cell);
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), cell]);
  }
  const cells = (slot: CardSlot) => bySlot.get(slot) ?? [];
  const render = (cell: Cell<TFeatures, TData, unknown>): ReactNode => <FlexRender cell={cell} />;
  const fields = cells("field");
  return (
    <li
      {...attrs}
      data-row-id={row.id}
      data-testid={testId}
      tabIndex={focusable ? -1 : undefined}
      className={cn("rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800", attrs?.className)}
    >
      <div className="flex items-start gap-3">
        {cells("select").map((cell) => (
          <div key={cell.id} className="pt-0.5">
            {render(cell)}
          </div>
        ))}
        <div className="min-w-0 flex-1 space-y-1">
          {cells("title").map((cell) => (
            <div key={cell.id} className="min-w-0 break-words font-medium">
              {render(cell)}
            </div>
          ))}
          {cells("badge").length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              {cells("badge").map((cell) => (
                <span key={cell.id}>{render(cell)}</span>
              ))}
            </div>
          )}
        </div>
        {cells("aside").map((cell) => (
          <div key={cell.id} className="shrink-0">
            {render(cell)}
          </div>
        ))}
      </div>
      {fields.length > 0 && (
        <dl className={cn("mt-2 grid grid-cols-[minmax(5rem,max-content)_minmax(0,1fr)] gap-x-3 gap-y-1", lazyFields && LAZY_FIELDS)}>
          {fields.map((cell) => {
            const header = headers.get(cell.column.id);
            return (
              <div key={cell.id} className="contents" data-col={cell.column.id}>
                <dt className="text-zinc-700 dark:text-zinc-300">{header && <FlexRender header={header} />}</dt>
                <dd className="min-w-0 break-words">{render(cell)}</dd>
              </div>
            );
          })}
        </dl>
      )}
      {cells("actions").length > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {cells("actions").map((cell) => (
            <span key={cell.id}>{render(cell)}</span>
          ))}
        </div>
      )}
    </li>
  );
}

function sameCard<TFeatures extends TableFeatures, TData extends RowData>(a: CardProps<TFeatures, TData>, b: CardProps<TFeatures, TData>): boolean {
  return a.headers === b.headers && a.lazyFields === b.lazyFields && sameRow(a, b);
}

/** One row drawn as a card, memoised like TableRow. */
export const CardItem = memo(CardItemImpl, sameCard) as typeof CardItemImpl;
