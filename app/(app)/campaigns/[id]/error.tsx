"use client";

import { ErrorState } from "@/components/ui/query-states";

/** A render failure on the campaign page: the message and a retry, the shell stays usable. */
export default function CampaignError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} onRetry={reset} />;
}
