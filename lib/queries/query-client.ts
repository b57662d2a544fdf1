import { QueryClient, defaultShouldDehydrateQuery, environmentManager } from "@tanstack/react-query";
import { isTransientError, recordFailures, retryDelay } from "./retry";

/**
 * Data is fresh for 30 s, no refetch storm on focus. On the server nothing is retried: a prefetch that
 * failed leaves its panel to the browser. In the browser a transient failure is retried until it heals
 * (lib/queries/retry.ts), the panel keeping its skeleton or its data while the page's banner counts
 * down (components/ui/outage.tsx); React Query pauses the retries while the browser is offline or the
 * tab hidden and goes on when they are back. Mutations are neither retried nor paused: a decision
 * fails in front of the person, it does not wait to fire on its own once the network is back.
 */
export function makeQueryClient(): QueryClient {
  const onServer = environmentManager.isServer();
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: onServer ? false : (_, error) => isTransientError(error),
        retryDelay,
      },
      mutations: { networkMode: "always", retry: false },
      dehydrate: {
        // Also send queries still pending on the server, so streaming prefetches hydrate.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
  if (!onServer) recordFailures(client);
  return client;
}
