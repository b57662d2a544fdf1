// Type only: the audit-events module is server code; these rows are what it returns.
import type { AuditEventRow } from "@/lib/server/audit-events";
import { labelOr, type GroupOf, type TranslatorFor } from "@/i18n/keys";
import type { CsvRow } from "@/lib/csv/csv";
import { guestEmail } from "./audit-csv";

/** The export's columns, in file order; names under `review.activity.other.columns.<column>`. */
export const AUDIT_EVENTS_CSV_COLUMNS = ["id", "at", "actor_email", "actor_name", "role", "kind", "task_id", "campaign_id", "subject_id", "detail"] as const;

/** Words for a detail's keys (`review.activity.other.detailKey.<key>`); a key without one stays as it came. */
export type DetailWords = { key: (k: string) => string; yes: string; no: string; none: string };
const AS_IS: DetailWords = { key: (k) => k, yes: "yes", no: "no", none: "—" };
/** A cell is read, not scrolled: a long value (a whole rule set) is cut with an ellipsis. */
const MAX_DETAIL = 400;

function plain(v: unknown, w: DetailWords, nested: boolean): string {
  if (v === null || v === undefined || v === "") return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return v ? w.yes : w.no;
  if (Array.isArray(v)) return v.map((x) => plain(x, w, true)).filter(Boolean).join(", ") || w.none;
  if (typeof v === "object") {
    const parts = Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => [k, plain(x, w, true)] as const)
      .filter(([, x]) => x !== "")
      .map(([k, x]) => `${w.key(k)}: ${x}`);
    if (parts.length === 0) return w.none;
    return nested ? `(${parts.join(", ")})` : parts.join("; ");
  }
  return String(v);
}

/**
 * `key: value; key: value` of the detail object in words (no JSON: nested lists and objects read as
 * `a, b` and `(key: value)`), for a spreadsheet cell and the table alike.
 */
export function detailText(detail: Record<string, unknown> | null, words: DetailWords = AS_IS): string {
  if (!detail) return "";
  const text = plain(detail, words, false);
  return text === words.none ? "" : text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}

/** The detail's words from a translator of `review.activity.other`. */
export function detailWords(t: TranslatorFor<"review.activity.other">): DetailWords {
  return { key: (k) => labelOr(t, "detailKey", k), yes: t("detailYes"), no: t("detailNo"), none: "—" };
}

/** A kind's label: `comment.created` is `review.activity.other.kind.comment_created`; an unknown kind stays as it came. */
export function kindLabel<T extends TranslatorFor<"review.activity.other"> | TranslatorFor>(t: T, group: GroupOf<T>, kind: string): string {
  const flat = kind.replace(".", "_");
  const label = labelOr(t, group, flat);
  return label === flat ? kind : label;
}

/** Header and rows of the export; kinds and roles get the words the activity page shows, unknown ones stay as they came. */
export function auditEventsCsvRows(
  items: readonly AuditEventRow[],
  t: TranslatorFor,
  titles: ReadonlyMap<number, string> = new Map(),
  campaigns: ReadonlyMap<number, string> = new Map(),
): CsvRow[] {
  const header = AUDIT_EVENTS_CSV_COLUMNS.flatMap((c) =>
    c === "task_id"
      ? [t(`review.activity.other.columns.${c}`), t("review.activity.other.columns.title")]
      : c === "campaign_id"
        ? [t(`review.activity.other.columns.${c}`), t("review.activity.other.columns.campaign_name")]
        : [t(`review.activity.other.columns.${c}`)],
  );
  return [
    header,
    ...items.map((r) => [
      r.id,
      r.at,
      guestEmail(r.actor_email),
      r.actor_name,
      labelOr(t, "common.roles", r.role),
      kindLabel(t, "review.activity.other.kind", r.kind),
      r.task_id,
      r.task_id === null ? null : titles.get(r.task_id) || null,
      r.campaign_id,
      r.campaign_id === null ? null : campaigns.get(r.campaign_id) || null,
      r.subject_id,
      detailText(r.detail_json, { key: (k) => labelOr(t, "review.activity.other.detailKey", k), yes: t("review.activity.other.detailYes"), no: t("review.activity.other.detailNo"), none: "—" }),
    ]),
  ];
}
