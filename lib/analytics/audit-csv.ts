// Type only: the audit module is server code; these rows are what it returns.
import type { AuditItem } from "@/lib/server/audit";
import { labelOr, type GroupOf, type TranslatorFor } from "@/i18n/keys";
import type { CsvRow } from "@/lib/csv/csv";

/** The audit export's columns, in file order; names under `analytics.csv.audit.<column>`. */
export const AUDIT_CSV_COLUMNS = [
  "id", "at", "user_email", "user_name", "role", "task_id", "campaign_id", "version_number", "version_seen", "action", "reason",
  "reason_category", "note", "source", "status_after", "result", "error_code", "http_status", "duration_ms", "share_link_id",
] as const satisfies readonly (keyof AuditItem)[];

type Column = (typeof AUDIT_CSV_COLUMNS)[number];
export type AuditCsvItem = Pick<AuditItem, Column>;

/** Values that are codes get the words the activity page shows; unknown codes stay as they came. */
const LABELS: Partial<Record<Column, GroupOf<TranslatorFor>>> = {
  role: "common.roles",
  action: "review.activity.action",
  source: "review.activity.source",
  status_after: "review.status",
  result: "review.decision.result",
  // A code configured in REJECT_CATEGORIES beyond the known seven stays as written.
  reason_category: "review.rejectCategory",
};

/** A share-link visitor's `external:<name>` is no address: the cell is empty (the name and the role say who). */
export const guestEmail = (email: string | null) => (email?.startsWith("external:") ? null : email);

/**
 * Header and rows of the audit export; `t` reads full keys (see messages-translator.ts).
 * `titles` (lib/server/posts/titles.ts) fill the title column beside the post's number, `campaigns`
 * (campaignNames) the name column beside the campaign's.
 */
export function auditCsvRows(
  items: readonly AuditCsvItem[],
  t: TranslatorFor,
  titles: ReadonlyMap<number, string> = new Map(),
  campaigns: ReadonlyMap<number, string> = new Map(),
): CsvRow[] {
  const header = AUDIT_CSV_COLUMNS.flatMap((c) =>
    c === "task_id"
      ? [t(`analytics.csv.audit.${c}`), t("analytics.csv.audit.title")]
      : c === "campaign_id"
        ? [t(`analytics.csv.audit.${c}`), t("analytics.csv.audit.campaign_name")]
        : [t(`analytics.csv.audit.${c}`)],
  );
  const cell = (item: AuditCsvItem, c: Column) => {
    const value = c === "user_email" ? guestEmail(item.user_email) : item[c];
    const group = LABELS[c];
    return group && typeof value === "string" ? labelOr(t, group, value) : value;
  };
  const title = (item: AuditCsvItem) => titles.get(item.task_id) || null;
  // The campaign's name beside its number (the mirror's; empty when it does not know the campaign).
  const campaign = (item: AuditCsvItem) => (item.campaign_id === null ? null : campaigns.get(item.campaign_id) || null);
  return [
    header,
    ...items.map((item) => AUDIT_CSV_COLUMNS.flatMap((c) => (c === "task_id" ? [cell(item, c), title(item)] : c === "campaign_id" ? [cell(item, c), campaign(item)] : [cell(item, c)]))),
  ];
}
