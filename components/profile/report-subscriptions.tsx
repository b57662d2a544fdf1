"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { notify } from "@/components/ui/toaster";
import { apiDelete, apiPost } from "@/lib/queries/fetch-json";

/** A subscription as the server words it (when, what, where). */
export type SubscriptionRow = { id: string; label: string };
type Texts = {
  report: string;
  team: string;
  projectsGroup: string;
  campaignsGroup: string;
  cadence: string;
  weekly: string;
  monthly: string;
  day: string;
  weekdays: string[];
  hour: string;
  email: string;
  telegram: string;
  add: string;
  added: string;
  remove: string;
  none: string;
};

const field = "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** The person's scheduled reports: which one, how often, when (in their zone) and where; added and ended here. */
export function ReportSubscriptions({ rows, campaigns, projects, texts }: { rows: SubscriptionRow[]; campaigns: { id: number; name: string }[]; projects: { id: number; name: string }[]; texts: Texts }) {
  const router = useRouter();
  const errorText = useErrorText();
  // "", "campaign-N" or "project-N": one picker for what the report covers.
  const [scope, setScope] = useState("");
  const [cadence, setCadence] = useState<"weekly" | "monthly">("weekly");
  const [day, setDay] = useState(1);
  const [hour, setHour] = useState(9);
  const [email, setEmail] = useState(true);
  const [telegram, setTelegram] = useState(false);
  const add = useMutation({
    mutationFn: () => apiPost("/api/account/report-subscriptions", { campaign_id: scope.startsWith("campaign-") ? Number(scope.slice(9)) : null, project_id: scope.startsWith("project-") ? Number(scope.slice(8)) : null, cadence, day, hour, by_email: email, by_telegram: telegram }),
    onSuccess: () => {
      notify("success", texts.added);
      router.refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: string) => apiDelete(`/api/account/report-subscriptions/${id}`), onSuccess: () => router.refresh() });
  const days = cadence === "weekly" ? texts.weekdays.map((d, i) => ({ v: i + 1, label: d })) : Array.from({ length: 28 }, (_, i) => ({ v: i + 1, label: String(i + 1) }));
  return (
    <div className="flex flex-col gap-3">
      {rows.length === 0 ? (
        <p className="text-sm">{texts.none}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="report-subscriptions">
          {rows.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>{s.label}</span>
              <Button type="button" variant="secondary" onClick={() => remove.mutate(s.id)} disabled={remove.isPending}>
                {texts.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <label className="flex max-w-full flex-col gap-1 text-sm">
          <span className="font-medium">{texts.report}</span>
          <select value={scope} onChange={(e) => setScope(e.target.value)} className={`${field} max-w-full`}>
            <option value="">{texts.team}</option>
            {projects.length > 0 && (
              <optgroup label={texts.projectsGroup}>
                {projects.map((p) => (
                  <option key={p.id} value={`project-${p.id}`}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label={texts.campaignsGroup}>
              {campaigns.map((c) => (
                <option key={c.id} value={`campaign-${c.id}`}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{texts.cadence}</span>
          <select
            value={cadence}
            onChange={(e) => {
              setCadence(e.target.value as "weekly" | "monthly");
              setDay(1);
            }}
            className={field}
          >
            <option value="weekly">{texts.weekly}</option>
            <option value="monthly">{texts.monthly}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{texts.day}</span>
          <select value={day} onChange={(e) => setDay(Number(e.target.value))} className={field}>
            {days.map((d) => (
              <option key={d.v} value={d.v}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{texts.hour}</span>
          <select value={hour} onChange={(e) => setHour(Number(e.target.value))} className={field}>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>
                {String(h).padStart(2, "0")}:00
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} />
          {texts.email}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={telegram} onChange={(e) => setTelegram(e.target.checked)} />
          {texts.telegram}
        </label>
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {texts.add}
        </Button>
        {(add.isError || remove.isError) && (
          <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
            {errorText(add.error ?? remove.error)}
          </p>
        )}
      </form>
    </div>
  );
}
