"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/query-states";

/** What the offer says, in the messenger's own words (notify.telegram / notify.max). */
export type LinkOfferTexts = { notLinked: string; link: string; linkReady: string; openLink: string; refresh: string };

/**
 * A messenger not linked yet, on the profile: a button that makes a one-time
 * link, the link once made, and a refresh for after the person pressed Start
 * in the app. One block for Telegram and MAX; `testId` keeps each one's hooks.
 */
export function LinkOffer({ testId, texts, create, onRefresh }: { testId: string; texts: LinkOfferTexts; create: () => Promise<{ url: string }>; onRefresh: () => void }) {
  const errorText = useErrorText();
  const [deepLink, setDeepLink] = useState<string | null>(null);
  const link = useMutation({ mutationFn: create, onSuccess: (r) => setDeepLink(r.url) });
  return (
    <>
      <p>{texts.notLinked}</p>
      <Button size="sm" onClick={() => link.mutate()} disabled={link.isPending} data-testid={`${testId}-link`}>
        {texts.link}
      </Button>
      {deepLink && (
        <p role="status">
          {texts.linkReady}{" "}
          <a href={deepLink} target="_blank" rel="noreferrer" className="font-medium text-blue-700 underline dark:text-blue-400" data-testid={`${testId}-deep-link`}>
            {texts.openLink}
          </a>
        </p>
      )}
      {link.isError && <p role="alert" className="text-red-700 dark:text-red-400">{errorText(link.error)}</p>}
      {deepLink && (
        <Button size="sm" variant="ghost" onClick={onRefresh}>
          {texts.refresh}
        </Button>
      )}
    </>
  );
}
