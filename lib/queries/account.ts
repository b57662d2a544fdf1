import { queryOptions } from "@tanstack/react-query";
import { apiRead } from "./fetch-json";

export const accountQuery = () =>
  queryOptions({
    queryKey: ["account"] as const,
    queryFn: ({ signal }) => apiRead("account", "/api/account", { signal }),
    // Plan and quotas move slowly; a minute saves budget on every page visit.
    staleTime: 60_000,
  });
