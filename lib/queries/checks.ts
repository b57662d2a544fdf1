import { queryOptions } from "@tanstack/react-query";
import type { CheckRules, CheckRulesInput } from "@/lib/checks/rules";
import type { Finding, Verdict } from "@/lib/checks/types";
import { ApiClientError, apiGetRaw } from "@/lib/queries/fetch-json";

/** `omitted`: findings past the report's caps; `unchecked`: rules its time budget did not reach (both absent from older servers). */
export type PostReport = { version: number | null; findings: Finding[]; omitted?: number; unchecked?: string[]; verdict: Verdict; counts: { warn: number; block: number } };
export type RuleSet = { campaign_id: number | null; rules: CheckRules; source: "campaign" | "team" | "built_in"; updated_by: string | null; updated_at: string | null; defaults?: CheckRules };
export type RowMark = { verdict: Verdict; warn: number; block: number; version: number | null };
export type Flagged = { waiting: number; warnings: number; blocked: number };

export const checksKeys = {
  post: (id: number, version: number | null) => ["checks", "post", id, version] as const,
  rules: (campaignId: number) => ["checks", "rules", campaignId] as const,
  rows: (ids: readonly number[]) => ["checks", "rows", ids.join(",")] as const,
};

export const postChecksQuery = (id: number, version: number | null) =>
  queryOptions({
    queryKey: checksKeys.post(id, version),
    queryFn: ({ signal }) => apiGetRaw<PostReport>(`/api/posts/${id}/checks`, version ? { version: String(version) } : undefined, signal),
    staleTime: 60_000,
  });

export const rulesQuery = (campaignId: number) =>
  queryOptions({
    queryKey: checksKeys.rules(campaignId),
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: RuleSet }>(`/api/campaigns/${campaignId}/checks`, undefined, signal)).data,
  });

export const rowMarksQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: checksKeys.rows(ids),
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: Record<string, RowMark> }>("/api/checks/rows", { ids: ids.join(",") }, signal)).data,
    enabled: ids.length > 0,
    staleTime: 30_000,
  });

/** PUT the campaign's rules; a refusal keeps the envelope's code and message (400 names the field). */
export async function saveRules(campaignId: number, rules: CheckRulesInput): Promise<{ data: RuleSet; flagged: Flagged }> {
  let response: Response;
  try {
    response = await fetch(`/api/campaigns/${campaignId}/checks`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(rules),
    });
  } catch (e) {
    throw new ApiClientError(0, "network_error", e instanceof Error ? e.message : "No connection to the dashboard's server");
  }
  const body = (await response.json().catch(() => null)) as { data?: RuleSet; flagged?: Flagged; error?: { code: string; message: string } } | null;
  if (!response.ok || !body?.data || !body.flagged) {
    throw new ApiClientError(response.status, body?.error?.code ?? "http_error", body?.error?.message ?? `HTTP ${response.status}`);
  }
  return { data: body.data, flagged: body.flagged };
}
