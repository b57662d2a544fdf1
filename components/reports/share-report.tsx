"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { apiPost } from "@/lib/queries/fetch-json";

type Texts = { share: string; link: string; expires: string };

/** Makes a read-only link to this report (7 days) and shows it to copy. */
export function ShareReport({ campaignId, projectId, from, to, texts }: { campaignId: number | null; projectId: number | null; from: string; to: string; texts: Texts }) {
  const errorText = useErrorText();
  const make = useMutation({ mutationFn: () => apiPost<{ data: { url: string; expires_at: string } }>("/api/reports/share", { campaign_id: campaignId, project_id: projectId, from, to, days: 7 }) });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button type="button" variant="secondary" onClick={() => make.mutate()} disabled={make.isPending}>
        {texts.share}
      </Button>
      {make.data && (
        <label className="flex min-w-64 flex-1 flex-col text-sm">
          {texts.link}
          <input readOnly value={make.data.data.url} className="rounded border border-zinc-400 bg-white px-2 py-1 dark:border-zinc-600 dark:bg-zinc-900" data-testid="report-share-url" onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
      {make.isError && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {errorText(make.error)}
        </p>
      )}
    </div>
  );
}
