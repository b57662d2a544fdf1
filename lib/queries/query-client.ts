import { QueryClient, defaultShouldDehydrateQuery } from "@tanstack/react-query";

/**
 * Shared defaults: data is fresh for 30 s, client errors are not retried, no
 * refetch storm on focus. On the server nothing is retried: a prefetch is one
 * call through the gateway (which already retries upstream GETs and serves
 * stale data); a retry loop there only holds the page (3 calls, 1 s + 2 s of
 * backoff), while the browser retries on its own anyway.
 */
export function makeQueryClient(): QueryClient {
  const onServer = typeof window === "undefined";
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: onServer
          ? false
          : (failureCount, error) => {
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
