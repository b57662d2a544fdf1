"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState, useErrorText } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { notify } from "@/components/ui/toaster";
import { notifyKeys, notifySettingsOptions, saveNotifySettings } from "@/lib/queries/notify";
import { DUE_HOURS_MAX, DUE_HOURS_MIN, NOTIFY_KINDS } from "@/lib/schemas/limits";
import type { NotifySettings, NotifySettingsView } from "@/lib/schemas/notify";

const field = "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

function withoutEmail(s: NotifySettings): NotifySettings {
  const kinds = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, { ...s.kinds[k], email: false }])) as NotifySettings["kinds"];
  return { ...s, kinds };
}

/** The profile's notification settings: loads the person's own, edits a copy, saves it whole (PUT). */
export function NotifySettingsForm() {
  const query = useQuery(notifySettingsOptions());
  if (query.isPending) return <SkeletonLines lines={6} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  // Keyed by what was loaded, so a save (or a refetch) starts the form from the stored state.
  return <Editor key={JSON.stringify(query.data)} view={query.data} />;
}

function Editor({ view }: { view: NotifySettingsView }) {
  const t = useTranslations("notify");
  const errorText = useErrorText();
  const client = useQueryClient();
  const [draft, setDraft] = useState<NotifySettings>(view.settings);
  const save = useMutation({
    mutationFn: saveNotifySettings,
    onSuccess: (saved) => {
      client.setQueryData(notifyKeys.settings, saved);
      notify("success", t("settings.saved"));
    },
  });
  const emailOk = view.email_available;

  const setChannel = (kind: (typeof NOTIFY_KINDS)[number], channel: "in_app" | "email", on: boolean) =>
    setDraft((d) => ({ ...d, kinds: { ...d.kinds, [kind]: { ...d.kinds[kind], [channel]: on } } }));

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        // Without a mail server the e-mail boxes are shown off; what is saved must say the same (the server refuses e-mail then).
        save.mutate(emailOk ? draft : withoutEmail(draft));
      }}
    >
      <fieldset className="rounded-md border border-zinc-300 p-3 dark:border-zinc-700">
        <legend className="px-1 text-sm font-semibold">{t("settings.legend")}</legend>
        {!emailOk && (
          <p role="note" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t("settings.emailUnavailable")}
          </p>
        )}
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t("settings.kind")}
              </th>
              <th scope="col" className="w-20 px-2 py-1 text-center font-medium sm:w-28">
                {t("settings.inApp")}
              </th>
              <th scope="col" className="w-20 px-2 py-1 text-center font-medium sm:w-28">
                {t("settings.email")}
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTIFY_KINDS.map((kind) => (
              <tr key={kind} className="border-t border-zinc-200 dark:border-zinc-800">
                <th scope="row" id={`notify-kind-${kind}`} className="py-2 pr-2 text-left font-normal">
                  {t(`kinds.${kind}`)}
                </th>
                <td className="px-2 py-2 text-center">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    aria-label={`${t(`kinds.${kind}`)}: ${t("settings.inApp")}`}
                    checked={draft.kinds[kind].in_app}
                    onChange={(e) => setChannel(kind, "in_app", e.target.checked)}
                  />
                </td>
                <td className="px-2 py-2 text-center">
                  <input
                    type="checkbox"
                    className="h-5 w-5 disabled:opacity-50"
                    aria-label={`${t(`kinds.${kind}`)}: ${t("settings.email")}`}
                    checked={emailOk && draft.kinds[kind].email}
                    disabled={!emailOk}
                    onChange={(e) => setChannel(kind, "email", e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t("settings.deadlineRoleNote")}</p>
      </fieldset>

      <label className="flex max-w-xl flex-col gap-1 text-sm">
        <span className="font-medium">{t("settings.dueHours")}</span>
        <input
          type="number"
          name="due_hours"
          min={DUE_HOURS_MIN}
          max={DUE_HOURS_MAX}
          step={1}
          required
          className={`${field} w-28`}
          value={Number.isNaN(draft.due_hours) ? "" : draft.due_hours}
          onChange={(e) => setDraft((d) => ({ ...d, due_hours: e.target.valueAsNumber }))}
          aria-describedby="due-hours-hint"
        />
        <span id="due-hours-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("settings.dueHoursHint")}
        </span>
      </label>

      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("settings.locale")}</span>
        <select className={`${field} w-40`} value={draft.locale} onChange={(e) => setDraft((d) => ({ ...d, locale: e.target.value === "en" ? "en" : "ru" }))}>
          <option value="ru">{t("settings.localeRu")}</option>
          <option value="en">{t("settings.localeEn")}</option>
        </select>
      </label>

      {save.isError && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {t("settings.failed", { message: errorText(save.error) })}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? t("settings.saving") : t("settings.save")}
        </Button>
      </div>
    </form>
  );
}
