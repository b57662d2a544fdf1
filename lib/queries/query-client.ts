import { QueryClient, defaultShouldDehydrateQuery } from "@tanstack/react-query";

/** Shared defaults: data is fresh for 30 s, client errors are not retried, no refetch storm on focus. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { status?: unknown }).status;
          if (typeof status === "number" && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
      },
      dehydrate: {
        // Also send queries still pending on the server, so streaming prefetches hydrate.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}
