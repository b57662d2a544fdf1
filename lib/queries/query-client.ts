import { QueryClient, isServer } from "@tanstack/react-query";

/** Shared defaults: data is fresh for 30 s, failed reads retry twice, no refetch storm on focus. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof Error && "status" in error && Number((error as { status: number }).status) < 500),
        refetchOnWindowFocus: false,
      },
      dehydrate: { shouldDehydrateQuery: () => !isServer },
    },
  });
}
