"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { NoteList } from "@/components/ui/note-list";
import { ErrorState } from "@/components/ui/query-states";
import { notify } from "@/components/ui/toaster";
import { labelIn } from "@/i18n/keys";
import { REASON_MAX, rejectReasonsOptions, type RejectReasons } from "@/lib/queries/posts";
import { useDecisionNotes } from "./decision-notes";
import type { RejectDialogProps as Props } from "./reject-dialog";

/** The open dialog; loaded by RejectDialog (./reject-dialog.tsx) on its first opening. */
export function OpenRejectDialog({ open, taskIds, onCancel, ...rest }: Props) {
  const t = useTranslations("review.decision.rejectDialog");
  const [sending, setSending] = useState(false);
  const count = taskIds.length;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={count > 1 ? t("titleBulk", { count }) : t("title", { id: taskIds[0] ?? 0 })}
      dismissible={!sending}
      closeOnBackdrop={false}
    >
      <RejectForm count={count} onCancel={onCancel} onSending={setSending} {...rest} />
    </Dialog>
  );
}

type Offer = { state: "none" | "loading" | "failed" } | { state: "ready"; data: RejectReasons };

/** The categories and reasons to offer; nothing to wait for without a campaign. */
function useOffer(campaignId: number | undefined): Offer {
  const query = useQuery({ ...rejectReasonsOptions(campaignId ?? 0), enabled: campaignId !== undefined });
  if (campaignId === undefined) return { state: "none" };
  if (query.data) return { state: "ready", data: query.data };
  return { state: query.isError ? "failed" : "loading" };
}

type FormProps = Omit<Props, "open" | "taskIds"> & { count: number; onSending: (v: boolean) => void };

function RejectForm({ count, campaignId, initial, onCancel, onSubmit, onSending }: FormProps) {
  const t = useTranslations("review.decision.rejectDialog");
  const notesOf = useDecisionNotes();
  const offer = useOffer(campaignId);
  const [reason, setReason] = useState(initial?.reason ?? "");
  const [category, setCategory] = useState<string | undefined>(initial?.category);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const ids = { field: useId(), count: useId(), keys: useId(), problem: useId(), failure: useId(), category: useId() };
  const field = useRef<HTMLTextAreaElement>(null);
  const mounted = useRef(true);
  // Two key handlers can fire for one press (the field's Enter, the form's Ctrl+Enter) before a re-render.
  const inFlight = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      onSending(false);
    };
  }, [onSending]);

  const codes = offer.state === "ready" ? offer.data.categories.map((c) => c.code) : [];
  // A category only counts when it is one of those offered (an initial one may have been dropped from the list).
  const chosen = category !== undefined && codes.includes(category) ? category : undefined;
  const trimmed = reason.trim();
  const reasonProblem = trimmed.length === 0 ? t("required") : trimmed.length > REASON_MAX ? t("tooLong", { max: REASON_MAX }) : null;
  const categoryProblem = codes.length > 0 && chosen === undefined ? t("categoryRequired") : null;
  // "Required" waits for a first try; "too long" shows as soon as it is true.
  const shownProblem = attempted || trimmed.length > REASON_MAX ? reasonProblem : null;
  const shownCategoryProblem = attempted ? categoryProblem : null;

  const submit = async () => {
    setAttempted(true);
    // Still loading the categories: wait rather than send one without its category.
    if (reasonProblem !== null || categoryProblem !== null || offer.state === "loading" || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    onSending(true);
    setFailure(null);
    try {
      await onSubmit(trimmed, chosen);
    } catch (e) {
      // Closed by the browser while sending: the error must not vanish with the dialog.
      if (mounted.current) setFailure(e);
      else notify("error", t("failedClosed", { message: e instanceof Error ? e.message : String(e) }), { notes: notesOf(e) });
    } finally {
      inFlight.current = false;
      if (mounted.current) {
        setSending(false);
        onSending(false);
      }
    }
  };

  const notes = failure === null ? [] : notesOf(failure);
  const describedBy = [ids.count, ids.keys, shownProblem ? ids.problem : null, failure !== null ? ids.failure : null].filter(Boolean).join(" ");

  return (
    <form
      noValidate
      aria-busy={sending}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        // Ctrl+Enter (⌘+Enter on a Mac) sends from any field or button of the form.
        if (e.defaultPrevented || e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.nativeEvent.isComposing) return;
        e.preventDefault();
        void submit();
      }}
      className="space-y-3"
    >
      <Categories
        offer={offer}
        chosen={chosen}
        onChoose={setCategory}
        problem={shownCategoryProblem}
        problemId={ids.category}
        disabled={sending}
      />
      {offer.state === "ready" && (
        <Suggestions
          reasons={offer.data.reasons.filter((r) => r.category === null || codes.includes(r.category))}
          disabled={sending}
          onPick={(r) => {
            setReason(r.text);
            if (r.category !== null) setCategory(r.category);
            field.current?.focus();
          }}
        />
      )}
      <div className="space-y-1">
        <label htmlFor={ids.field} className="block text-sm font-medium">
          {t("label")}
        </label>
        <textarea
          ref={field}
          id={ids.field}
          data-autofocus
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is neither.
            if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void submit();
          }}
          rows={4}
          required
          aria-invalid={shownProblem !== null}
          aria-describedby={describedBy}
          className="w-full rounded-md border border-zinc-400 bg-white p-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950"
        />
        <div className="flex flex-wrap justify-between gap-x-3 text-xs text-zinc-700 dark:text-zinc-300">
          <p id={ids.keys}>{t("keys")}</p>
          <p id={ids.count} className={trimmed.length > REASON_MAX ? "font-semibold text-red-800 dark:text-red-300" : undefined}>
            {t("count", { length: trimmed.length, max: REASON_MAX })}
          </p>
        </div>
        {shownProblem && <Problem id={ids.problem} text={shownProblem} />}
      </div>
      {failure !== null && (
        <div id={ids.failure} data-reject-error className="space-y-1">
          <p className="text-sm font-semibold">{t("failed")}</p>
          <ErrorState error={failure} />
          <NoteList notes={notes} className="text-sm font-medium text-amber-900 dark:text-amber-200" />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} disabled={sending}>
          {t("cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={sending}>
          {sending ? t("sending") : count > 1 ? t("submitBulk", { count }) : t("submit")}
        </Button>
      </div>
    </form>
  );
}

function Problem({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} data-reject-problem className="text-sm font-medium text-red-800 dark:text-red-300">
      <span aria-hidden="true">⚠ </span>
      {text}
    </p>
  );
}

/** How often the campaign used it, beside a category ("3 раза"); nothing before the first use. */
function Uses({ count }: { count: number }) {
  const t = useTranslations("review.decision.rejectDialog");
  return count > 0 ? <span className="text-xs text-zinc-700 dark:text-zinc-300">· {t("timesUsed", { count })}</span> : null;
}

/** The configured categories, most used in the campaign first; one must be chosen when any are offered. */
function Categories({
  offer,
  chosen,
  onChoose,
  problem,
  problemId,
  disabled,
}: {
  offer: Offer;
  chosen: string | undefined;
  onChoose: (code: string) => void;
  problem: string | null;
  problemId: string;
  disabled: boolean;
}) {
  const t = useTranslations("review.decision.rejectDialog");
  const label = useTranslations("review.rejectCategory");
  const name = useId();
  if (offer.state === "none") return null;
  if (offer.state !== "ready") {
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{offer.state === "loading" ? t("categoriesLoading") : t("categoriesFailed")}</p>;
  }
  return (
    <fieldset className="space-y-1" aria-describedby={problem ? problemId : undefined} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{t("categoryLegend")}</legend>
      <div className="flex flex-wrap gap-2">
        {offer.data.categories.map((c) => (
          <label
            key={c.code}
            data-category={c.code}
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-zinc-400 px-3 py-1 text-sm has-[:checked]:border-red-700 has-[:checked]:bg-red-50 has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:border-zinc-600 dark:has-[:checked]:border-red-400 dark:has-[:checked]:bg-red-950"
          >
            <input type="radio" name={name} value={c.code} checked={chosen === c.code} onChange={() => onChoose(c.code)} className="accent-red-700" />
            {labelIn(label, c.code)}
            <Uses count={c.count} />
          </label>
        ))}
      </div>
      {problem && <Problem id={problemId} text={problem} />}
    </fieldset>
  );
}

/** The campaign's most used reasons, most used first: a pick fills in the text and its category. */
function Suggestions({ reasons, disabled, onPick }: { reasons: RejectReasons["reasons"]; disabled: boolean; onPick: (r: RejectReasons["reasons"][number]) => void }) {
  const t = useTranslations("review.decision.rejectDialog");
  const label = useTranslations("review.rejectCategory");
  const headingId = useId();
  const hintId = useId();
  if (reasons.length === 0) return null;
  return (
    <div className="space-y-1">
      <p id={headingId} className="text-sm font-medium">
        {t("suggestionsLabel")}
      </p>
      <p id={hintId} className="text-xs text-zinc-700 dark:text-zinc-300">
        {t("suggestionHint")}
      </p>
      <ul aria-labelledby={headingId} className="max-h-40 space-y-1 overflow-y-auto" data-reject-suggestions>
        {reasons.map((r) => (
          <li key={`${r.category ?? ""}\u0000${r.text}`}>
            <button
              type="button"
              disabled={disabled}
              aria-describedby={hintId}
              onClick={() => onPick(r)}
              className="w-full rounded-md border border-zinc-300 px-2 py-1 text-left text-sm break-words hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {r.text}
              <span className="block text-xs text-zinc-700 dark:text-zinc-300">
                {[r.category === null ? null : labelIn(label, r.category), t("timesUsed", { count: r.count })].filter(Boolean).join(" · ")}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
