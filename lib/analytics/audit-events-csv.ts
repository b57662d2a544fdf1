// Type only: the audit-events module is server code; these rows are what it returns.
import type { AuditEventRow } from "@/lib/server/audit-events";
import { labelOr, type GroupOf, type TranslatorFor } from "@/i18n/keys";
import type { CsvRow } from "@/lib/csv/csv";
import { guestEmail } from "./audit-csv";

/** The export's columns, in file order; names under `review.activity.other.columns.<column>`. */
export const AUDIT_EVENTS_CSV_COLUMNS = ["id", "at", "actor_email", "actor_name", "role", "kind", "task_id", "campaign_id", "subject_id", "detail"] as const;

/** `key: value; key: value` of the small detail object, for a spreadsheet cell and the table alike. */
export function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join("; ");
}

/** A kind's label: `comment.created` is `review.activity.other.kind.comment_created`; an unknown kind stays as it came. */
export function kindLabel<T extends TranslatorFor<"review.activity.other"> | TranslatorFor>(t: T, group: GroupOf<T>, kind: string): string {
  const flat = kind.replace(".", "_");
  const label = labelOr(t, group, flat);
  return label === flat ? kind : label;
}

/** Header and rows of the export; kinds and roles get the words the activity page shows, unknown ones stay as they came. */
export function auditEventsCsvRows(items: readonly AuditEventRow[], t: TranslatorFor, titles: ReadonlyMap<number, string> = new Map()): CsvRow[] {
  const header = AUDIT_EVENTS_CSV_COLUMNS.flatMap((c) => (c === "task_id" ? [t(`review.activity.other.columns.${c}`), t("review.activity.other.columns.title")] : [t(`review.activity.other.columns.${c}`)]));
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
      r.subject_id,
      detailText(r.detail_json),
    ]),
  ];
}
