/** `aria-sort` of a column header from TanStack Table's sort state. */
export function ariaSort(sorted: false | "asc" | "desc"): "ascending" | "descending" | undefined {
  return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined;
}

/** A sortable column header's button: the header's content and an arrow for the current direction. */
export function SortButton({
  sorted,
  onClick,
  children,
}: {
  sorted: false | "asc" | "desc";
  onClick: ((event: unknown) => void) | undefined;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      {children}
      <span aria-hidden="true" className="text-xs">
        {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
      </span>
    </button>
  );
}
