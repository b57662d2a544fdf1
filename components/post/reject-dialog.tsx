"use client";

import dynamic from "next/dynamic";

export type RejectDialogProps = {
  open: boolean;
  /** The posts the reason is for: one, or several sharing one reason (a bulk reject). */
  taskIds: readonly number[];
  /**
   * The campaign whose categories and most used reasons are offered. Without
   * it none are: the reject is sent with no category.
   */
  campaignId?: number;
  /** What the form starts with (a reject sent again on a new version keeps what was typed). */
  initial?: { reason?: string; category?: string };
  onCancel: () => void;
  /**
   * Sends the reject with its category (undefined only when no categories could be
   * offered). Resolving means done: the caller closes the dialog. Throwing keeps the
   * dialog open with the reason as typed and the error (and its notes) shown in it.
   */
  onSubmit: (reason: string, category: string | undefined) => Promise<unknown>;
};

// The form, its texts and the reason lists load on the first opening, not with the page.
const OpenRejectDialog = dynamic(() => import("./reject-dialog-open").then((m) => m.OpenRejectDialog));

/**
 * Why the post is rejected, for the queue (one post or a bulk selection) and
 * the post page alike. The reason is the dashboard's own (the upstream's
 * reject takes no body; the audit log keeps it): a category of the
 * configured list and 1 to REASON_MAX characters after trimming, as the
 * decision and bulk routes check. The campaign's most used reasons are
 * offered first, so a team's recurring reasons are typed once. Ctrl/⌘+Enter
 * sends from anywhere in the form; in the reason field Enter does too, and
 * Shift+Enter starts a new line.
 */
export function RejectDialog(props: RejectDialogProps) {
  // Mounted only while open: each opening starts with an empty reason (a failed send keeps it
  // while the dialog stays open).
  return props.open ? <OpenRejectDialog {...props} /> : null;
}
