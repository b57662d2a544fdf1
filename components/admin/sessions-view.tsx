"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { notify } from "@/components/ui/toaster";
import { adminSessionKeys, adminSessionsOptions, endAdminSession, endAllSessionsOf } from "@/lib/queries/admin-sessions";
import { SessionsTable } from "./sessions-table";

const field = "h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** The admin's list of sign-in sessions, filterable by email, with "end" per session and for a whole person. */
export function SessionsView() {
  const t = useTranslations("common.sessions");
  const [email, setEmail] = useState<string | undefined>();
  const client = useQueryClient();
  const query = useQuery(adminSessionsOptions(email));
  const done = ({ ended }: { ended: number }) => {
    notify("success", t("ended", { count: ended }));
    return client.invalidateQueries({ queryKey: adminSessionKeys.all });
  };
  const endOne = useMutation({ mutationFn: endAdminSession, onSuccess: done });
  const endAll = useMutation({ mutationFn: endAllSessionsOf, onSuccess: done });
  const failure = endOne.error ?? endAll.error;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{t("intro")}</p>
      </div>
      <form
        aria-label={t("filter.label")}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const value = String(new FormData(e.currentTarget).get("email") ?? "").trim().toLowerCase();
          setEmail(value || undefined);
        }}
      >
        <label className="min-w-64 text-sm">
          <span className="mb-1 block font-medium">{t("filter.email")}</span>
          <input name="email" type="email" maxLength={254} defaultValue={email ?? ""} key={email ?? ""} className={field} />
        </label>
        <Button type="submit" size="sm">
          {t("filter.apply")}
        </Button>
        {email && (
          <>
            <Button size="sm" variant="ghost" onClick={() => setEmail(undefined)}>
              {t("filter.reset")}
            </Button>
            <Button size="sm" variant="danger" disabled={endAll.isPending} onClick={() => endAll.mutate(email)}>
              {t("endAll", { email })}
            </Button>
          </>
        )}
      </form>
      {failure && <ErrorState error={failure} />}
      <section aria-label={t("tableLabel")}>
        {query.isPending ? (
          <SkeletonLines lines={6} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.sessions.length === 0 ? (
          <p className="rounded-md border border-zinc-300 p-4 text-sm dark:border-zinc-700">{t("empty")}</p>
        ) : (
          <SessionsTable sessions={query.data.sessions} pendingId={endOne.isPending ? endOne.variables : undefined} onEnd={(s) => endOne.mutate(s.id)} />
        )}
      </section>
    </div>
  );
}
