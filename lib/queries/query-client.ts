import { QueryClient, defaultShouldDehydrateQuery } from "@tanstack/react-query";
import { browserRetryDelay, shouldRetryInBrowser } from "./heal";

/**
 * Shared defaults: data is fresh for 30 s, no refetch storm on focus.
 *
 * On the server nothing is retried: a prefetch is one call through the
 * gateway (which already retries upstream GETs and serves stale data); a
 * retry loop there only holds the page, while the browser retries anyway.
 *
 * In the browser a transient failure (network, 5xx, 429) gets one quick retry
 * and then the page's outage banner takes over (components/ui/outage.tsx):
 * it retries on a backoff capped at 15 s, honouring the server's Retry-After,
 * and at once when the tab regains focus or the network comes back. A 4xx is
 * never retried (lib/queries/heal.ts). A read the team's budget refused is
 * not retried here at all: every GET goes through the tab's read gate
 * (lib/queries/read-gate.ts), one request per query at a time, and none
 * before the refusal's Retry-After and backoff, whoever asks (a poll, a
 * remount, the banner).
 *
 * `networkMode: "always"`: React Query's default ("online") would pause every
 * query while the browser says it is offline, leaving skeletons with no word
 * of what is wrong; here the fetch fails as `network_error` and the page says
 * so. Mutations too: a decision must fail in front of the person, not wait
 * paused and fire on its own once the network is back.
 */
export function makeQueryClient(): QueryClient {
  const onServer = typeof window === "undefined";
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: "always",
        retry: onServer ? false : shouldRetryInBrowser,
        retryDelay: browserRetryDelay,
      },
      mutations: { networkMode: "always", retry: false },
      dehydrate: {
        // Also send queries still pending on the server, so streaming prefetches hydrate.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}
