import { queryOptions } from "@tanstack/react-query";
import type { Account } from "@/lib/schemas";
import { apiGet } from "./fetch-json";

export const accountQuery = () =>
  queryOptions({
    queryKey: ["account"] as const,
    queryFn: ({ signal }) => apiGet<Account>("/api/account", undefined, signal),
    // Plan and quotas move slowly; a minute saves budget on every page visit.
    staleTime: 60_000,
  });
