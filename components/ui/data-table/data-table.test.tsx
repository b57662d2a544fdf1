// @vitest-environment jsdom
// The table shell: sorting with aria-sort, selection, cards below 640 px built
// from the same columns, both layouts in the server HTML (one with a phone
// client hint), and rows that are
// drawn again only when their own data changes.
import {
  createColumnHelper,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
} from "@tanstack/react-table";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Profiler, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import common from "@/messages/en/common.json";
import { DataTable, DRAW_AT_ONCE } from "./data-table";
import { layoutFromMobileHint, type TableLayout } from "./layout-hint";
import { TableLayoutHint } from "./use-layout";

type Fruit = { id: number; name: string; stock: number };
const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, sortedRowModel: createSortedRowModel() });
const helper = createColumnHelper<typeof features, Fruit>();

/** Called each time a name cell renders. */
const nameRendered = vi.fn();
function Name({ name }: { name: string }) {
  nameRendered(name);
  return <strong>{name}</strong>;
}

const columns = helper.columns([
  helper.display({
    id: "select",
    header: ({ table }) => <input type="checkbox" aria-label="Select all" checked={table.getIsAllRowsSelected()} onChange={() => table.toggleAllRowsSelected()} />,
    cell: ({ row }) => <input type="checkbox" aria-label={`Select ${row.original.name}`} checked={row.getIsSelected()} onChange={() => row.toggleSelected()} />,
    meta: { card: "select" },
  }),
  helper.accessor("name", { header: "Name", cell: (c) => <Name name={c.getValue()} />, meta: { card: "title" } }),
  helper.accessor("stock", { header: "Stock", meta: { className: "text-right" } }),
  helper.display({ id: "buy", cell: (c) => <button type="button">Buy {c.row.original.name}</button>, meta: { only: "cards", card: "actions" } }),
]);

const FRUITS: Fruit[] = [
  { id: 1, name: "Pear", stock: 5 },
  { id: 2, name: "Apple", stock: 9 },
  { id: 3, name: "Fig", stock: 1 },
];

function Fruits({ data = FRUITS, onSelected, tick = 0 }: { data?: Fruit[]; onSelected?: (ids: string[]) => void; tick?: number }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (f) => String(f.id),
    state: { sorting, rowSelection },
    onSortingChange: setSorting,
    onRowSelectionChange: (updater) => {
      const next = typeof updater === "function" ? updater(rowSelection) : updater;
      setRowSelection(next);
      onSelected?.(Object.keys(next).filter((k) => next[k]));
    },
  });
  return <DataTable table={table} caption={`Fruits ${tick}`} testId="fruits" rowTestId="fruit-row" cardTestId="fruit-card" rowAttributes={(row) => ({ "data-stock": row.original.stock })} />;
}

const wrap = (node: React.ReactNode) => (
  <NextIntlClientProvider locale="en" messages={{ common }} timeZone="Europe/Moscow">
    {node}
  </NextIntlClientProvider>
);

/** A viewport as wide or as narrow as asked, for the shell's matchMedia. */
function viewport(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query === "(min-width: 40rem)" ? width >= 640 : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  nameRendered.mockClear();
});

const bodyRows = () => screen.getAllByTestId("fruit-row");

describe("DataTable as a table", () => {
  it("sorts from the header's sort button and says so with aria-sort", () => {
    viewport(1024);
    render(wrap(<Fruits />));
    const table = screen.getByRole("table", { name: "Fruits 0" });
    const nameHeader = within(table).getByRole("columnheader", { name: /Name/ });
    expect(nameHeader.hasAttribute("aria-sort")).toBe(false);
    expect(bodyRows().map((r) => r.querySelector("strong")?.textContent)).toEqual(["Pear", "Apple", "Fig"]);

    fireEvent.click(within(nameHeader).getByRole("button"));
    expect(nameHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(bodyRows().map((r) => r.querySelector("strong")?.textContent)).toEqual(["Apple", "Fig", "Pear"]);

    fireEvent.click(within(nameHeader).getByRole("button"));
    expect(nameHeader.getAttribute("aria-sort")).toBe("descending");
    expect(bodyRows().map((r) => r.querySelector("strong")?.textContent)).toEqual(["Pear", "Fig", "Apple"]);
    // A display column has no sort button, and a card-only column no header at all.
    expect(within(table).getAllByRole("columnheader")).toHaveLength(3);
    expect(within(table).queryByRole("button", { name: /Buy/ })).toBeNull();
  });

  it("selects rows and all rows, and puts the table's attributes and column classes on the cells", () => {
    viewport(1024);
    const onSelected = vi.fn();
    render(wrap(<Fruits onSelected={onSelected} />));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Apple" }));
    expect(onSelected).toHaveBeenLastCalledWith(["2"]);
    expect((screen.getByRole("checkbox", { name: "Select Apple" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(onSelected).toHaveBeenLastCalledWith(["1", "2", "3"]);

    const apple = bodyRows()[1]!;
    expect(apple.getAttribute("data-stock")).toBe("9");
    expect(apple.querySelector("td[data-col='stock']")?.classList.contains("text-right")).toBe(true);
  });
});

describe("DataTable below 640 px", () => {
  it("draws each row as a card from the same columns, with selection, actions and a sort picker", () => {
    viewport(390);
    const onSelected = vi.fn();
    render(wrap(<Fruits onSelected={onSelected} />));
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "Fruits 0" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(3);

    const pear = cards[0]!;
    expect(pear.getAttribute("data-testid")).toBe("fruit-card");
    expect(pear.getAttribute("data-stock")).toBe("5");
    expect(pear.querySelector("strong")?.textContent).toBe("Pear");
    // A field reads as its header, then its value.
    const term = within(pear).getByText("Stock", { selector: "dt" });
    expect(term.nextElementSibling?.textContent).toBe("5");
    // The card-only action is there, and so is the selection.
    expect(within(pear).getByRole("button", { name: "Buy Pear" })).toBeTruthy();
    fireEvent.click(within(pear).getByRole("checkbox", { name: "Select Pear" }));
    expect(onSelected).toHaveBeenLastCalledWith(["1"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(onSelected).toHaveBeenLastCalledWith(["1", "2", "3"]);

    // No headers to click: the sortable columns are in a picker.
    // A number column starts with the largest, as its header would.
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "stock" } });
    const order = () => within(list).getAllByRole("listitem").map((li) => li.querySelector("strong")?.textContent);
    expect(order()).toEqual(["Apple", "Pear", "Fig"]);
    expect((screen.getByLabelText("Order") as HTMLSelectElement).value).toBe("desc");
    fireEvent.change(screen.getByLabelText("Order"), { target: { value: "asc" } });
    expect(order()).toEqual(["Fig", "Pear", "Apple"]);
  });

  it("with lazyCardFields, lets only the fields of a card skip rendering off screen, never its controls", () => {
    viewport(390);
    function Lazy({ lazy }: { lazy: boolean }) {
      const table = useTable({ features, columns, data: FRUITS, getRowId: (f) => String(f.id) });
      return <DataTable table={table} caption="Fruits" lazyCardFields={lazy} />;
    }
    // The parts of the page Chromium may leave unrendered while off screen.
    const skippable = () => [...document.querySelectorAll("[class*='content-visibility:auto']")];
    const inSkippable = (el: Element) => skippable().some((part) => part.contains(el));

    const { unmount } = render(wrap(<Lazy lazy />));
    expect(skippable()).toHaveLength(3);
    for (const term of screen.getAllByText("Stock", { selector: "dt" })) expect(inSkippable(term)).toBe(true);
    // axe hit-tests every control: a control in an unrendered part reads as too small a target.
    for (const control of [...screen.getAllByRole("checkbox"), ...screen.getAllByRole("button")]) expect(inSkippable(control)).toBe(false);
    unmount();

    render(wrap(<Lazy lazy={false} />));
    expect(skippable()).toHaveLength(0);
  });

  it("sends a click on a card (outside its controls) to onRowClick", () => {
    viewport(390);
    const onRowClick = vi.fn();
    function Clickable() {
      const table = useTable({ features, columns, data: FRUITS, getRowId: (f) => String(f.id) });
      return <DataTable table={table} caption="Fruits" onRowClick={(row) => onRowClick(row.original.name)} />;
    }
    render(wrap(<Clickable />));
    fireEvent.click(screen.getAllByText("Stock", { selector: "dt" })[1]!);
    expect(onRowClick).toHaveBeenCalledWith("Apple");
    fireEvent.click(screen.getByRole("button", { name: "Buy Fig" }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});

describe("DataTable rendering", () => {
  it("puts both layouts in the server HTML, each shown by CSS at its width", () => {
    function Static() {
      const table = useTable({ features, columns, data: FRUITS, getRowId: (f) => String(f.id) });
      return <DataTable table={table} caption="Fruits" />;
    }
    const html = renderToString(wrap(<Static />));
    expect(html).toMatch(/<div class="hidden sm:block">.*<table/);
    expect(html).toMatch(/<div class="sm:hidden">.*<ul role="list"/);
    expect(html.match(/<strong>Pear<\/strong>/g)).toHaveLength(2);
  });

  it.each([
    [390, "fruit-card", "table"],
    [1024, "fruit-row", "ul"],
  ])("at %i px hydrates both layouts without a mismatch, keeps the server's nodes of the one in use and drops the other", async (width, kept, dropped) => {
    function Static() {
      const table = useTable({ features, columns, data: FRUITS, getRowId: (f) => String(f.id) });
      return <DataTable table={table} caption="Fruits" rowTestId="fruit-row" cardTestId="fruit-card" />;
    }
    const host = document.createElement("div");
    host.innerHTML = renderToString(wrap(<Static />));
    document.body.append(host);
    nameRendered.mockClear();
    viewport(width);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const serverNode = host.querySelector(`[data-testid=${kept}]`);
    const root = await act(async () => hydrateRoot(host, wrap(<Static />)));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(host.querySelectorAll(`[data-testid=${kept}]`)).toHaveLength(3);
    expect(host.querySelector(`[data-testid=${kept}]`)).toBe(serverNode);
    expect(host.querySelector(dropped)).toBeNull();
    // Each name cell rendered once per layout while hydrating (no Suspense slot: the rows are in
    // the first paint, see DataTable), and not again when the unused layout is dropped.
    expect(nameRendered).toHaveBeenCalledTimes(6);
    act(() => root.unmount());
    host.remove();
  });

  it("reads the phone client hint: cards for ?1, the table for ?0, both without one", () => {
    expect(layoutFromMobileHint("?1")).toBe("cards");
    expect(layoutFromMobileHint("?0")).toBe("table");
    expect(layoutFromMobileHint(null)).toBe("both");
    expect(layoutFromMobileHint("yes")).toBe("both");
  });

  it.each([
    ["cards", 390, "fruit-card", "table"],
    ["table", 1024, "fruit-row", "ul"],
  ] as const)("with the hint %s, the server HTML has that layout only and hydration keeps its nodes, a big page drawn at once", async (hint, width, kept, absent) => {
    const many: Fruit[] = Array.from({ length: DRAW_AT_ONCE + 5 }, (_, i) => ({ ...FRUITS[i % FRUITS.length]!, id: 100 + i }));
    function Static() {
      const table = useTable({ features, columns, data: many, getRowId: (f) => String(f.id) });
      return <DataTable table={table} caption="Fruits" rowTestId="fruit-row" cardTestId="fruit-card" />;
    }
    const tree = (layout: TableLayout) => wrap(<TableLayoutHint value={layout}><Static /></TableLayoutHint>);
    const host = document.createElement("div");
    host.innerHTML = renderToString(tree(hint));
    expect(host.querySelector(absent)).toBeNull();
    expect(host.querySelectorAll(`[data-testid=${kept}]`)).toHaveLength(many.length);
    document.body.append(host);
    viewport(width);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const serverNode = host.querySelector(`[data-testid=${kept}]`);
    const root = await act(async () => hydrateRoot(host, tree(hint)));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(host.querySelector(`[data-testid=${kept}]`)).toBe(serverNode);
    expect(host.querySelectorAll(`[data-testid=${kept}]`)).toHaveLength(many.length);
    expect(host.querySelector(absent)).toBeNull();
    act(() => root.unmount());
    host.remove();
  });

  it("a hint the width contradicts (a phone held wide) gives the right layout right after hydration", async () => {
    function Static() {
      const table = useTable({ features, columns, data: FRUITS, getRowId: (f) => String(f.id) });
      return <DataTable table={table} caption="Fruits" rowTestId="fruit-row" cardTestId="fruit-card" />;
    }
    const tree = wrap(<TableLayoutHint value="cards"><Static /></TableLayoutHint>);
    const host = document.createElement("div");
    host.innerHTML = renderToString(tree);
    document.body.append(host);
    viewport(1024);
    const root = await act(async () => hydrateRoot(host, tree));
    expect(host.querySelectorAll("[data-testid=fruit-row]")).toHaveLength(3);
    expect(host.querySelector("ul")).toBeNull();
    act(() => root.unmount());
    host.remove();
  });

  it("redraws only the rows whose data changed", () => {
    viewport(1024);
    const { rerender } = render(wrap(<Fruits tick={0} />));
    expect(nameRendered).toHaveBeenCalledTimes(3);

    // The parent renders again with the same rows (a poll that brought nothing new).
    rerender(wrap(<Fruits tick={1} />));
    expect(screen.getByRole("table", { name: "Fruits 1" })).toBeTruthy();
    expect(nameRendered).toHaveBeenCalledTimes(3);

    // One row's object changes (one post's metrics arrived): that row alone is drawn again.
    const next = [FRUITS[0]!, { ...FRUITS[1]!, stock: 10 }, FRUITS[2]!];
    rerender(wrap(<Fruits data={next} tick={2} />));
    expect(nameRendered).toHaveBeenCalledTimes(4);
    expect(nameRendered).toHaveBeenLastCalledWith("Apple");
    expect(bodyRows()[1]?.querySelector("td[data-col='stock']")?.textContent).toBe("10");
  });

  it("on a client mount of a big page, reserves placeholder rows first and draws the rows in a second render", () => {
    viewport(1024);
    const many: Fruit[] = Array.from({ length: DRAW_AT_ONCE + 1 }, (_, i) => ({ ...FRUITS[i % FRUITS.length]!, id: 100 + i }));
    const seen: string[] = [];
    const note = () => seen.push(`${document.querySelectorAll("[data-testid=fruit-row]").length} rows, ${document.querySelectorAll("tbody tr[aria-hidden=true]").length} placeholders`);
    render(wrap(<Profiler id="t" onRender={note}><Fruits data={many} /></Profiler>));
    expect(seen).toEqual(["0 rows, 12 placeholders", `${many.length} rows, 0 placeholders`]);

    // Later updates (a sort) are drawn at once.
    seen.length = 0;
    fireEvent.click(within(screen.getByRole("columnheader", { name: /Name/ })).getByRole("button"));
    expect(seen).toEqual([`${many.length} rows, 0 placeholders`]);
  });

  it("on a client mount of a small page, draws the rows in its first render", () => {
    viewport(1024);
    const seen: string[] = [];
    const note = () => seen.push(`${document.querySelectorAll("[data-testid=fruit-row]").length} rows, ${document.querySelectorAll("tbody tr[aria-hidden=true]").length} placeholders`);
    render(wrap(<Profiler id="t" onRender={note}><Fruits /></Profiler>));
    expect(seen[0]).toBe("3 rows, 0 placeholders");
    expect(seen.every((s) => s === "3 rows, 0 placeholders")).toBe(true);
  });

  it("focuses the row named by focusRowId when the token changes", () => {
    viewport(1024);
    function Focus({ token }: { token: number }) {
      const table = useTable({ features, columns, data: FRUITS, getRowId: (f) => String(f.id) });
      return <DataTable table={table} caption="Fruits" focusRowId="3" focusToken={token} rowTestId="fruit-row" />;
    }
    const { rerender } = render(wrap(<Focus token={0} />));
    expect(document.activeElement).toBe(document.body);
    act(() => rerender(wrap(<Focus token={1} />)));
    expect(document.activeElement).toBe(bodyRows()[2]);
    expect(bodyRows()[2]?.getAttribute("tabindex")).toBe("-1");
  });
});
