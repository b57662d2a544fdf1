"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { presenceQuery, sendHeartbeat, sendLeave } from "@/lib/queries/collab";
import { postDecisionsQuery } from "@/lib/queries/decisions";
import { postQuery } from "@/lib/queries/posts";
import { useMounted } from "@/components/ui/use-mounted";
import { useViewerNames } from "./viewer-names";

/** Every this often the page says it is still open (the server forgets a viewer after 50 s without one). */
const HEARTBEAT_MS = 20_000;

/**
 * On a post page: tells the server this person has the post open (heartbeats,
 * a goodbye on leaving), shows who else has it open ("Анна смотрит"), and
 * announces at once a decision someone else makes while the page is open
 * (the decision's event refetches the history; a new entry by another person
 * is the announcement).
 */
export function PresenceLine({ id, me }: { id: number; me: string }) {
  const t = useTranslations("collab.presence");
  const names = useViewerNames();
  // Not suspending: the line must not hold the page up; the heartbeat names the campaign once the post is known.
  const campaignId = useQuery(postQuery(id)).data?.data.campaign_id ?? null;
  useHeartbeat(id, campaignId);
  const { data } = useQuery(presenceQuery({ task: id }));
  const viewers = data?.viewers[String(id)] ?? [];
  const mounted = useMounted();
  return (
    <div className="space-y-2">
      <p aria-live="polite" data-testid="presence" className="min-h-5 text-sm text-zinc-700 dark:text-zinc-300">
        {viewers.length > 0 && (
          <>
            <span aria-hidden="true">◉ </span>
            {t("viewing", { names: names(viewers), count: viewers.length })}
          </>
        )}
      </p>
      {/* The decision history is prefetched further down the page (see useMounted). */}
      {mounted && <DecisionAnnouncer id={id} me={me} />}
    </div>
  );
}

function DecisionAnnouncer({ id, me }: { id: number; me: string }) {
  const t = useTranslations("collab.presence");
  const decided = useDecisionByOther(id, me);
  if (!decided) return null;
  return (
    <p role="alert" className="rounded-md border border-blue-300 bg-blue-50 p-2 text-sm font-medium text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100">
      {t("decided", { name: decided.name, action: decided.action })}
    </p>
  );
}

function useHeartbeat(id: number, campaignId: number | null): void {
  useEffect(() => {
    const beat = () => void sendHeartbeat(id, campaignId).catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    const onHide = () => sendLeave(id);
    const onShow = (e: PageTransitionEvent) => e.persisted && beat();
    window.addEventListener("pagehide", onHide);
    window.addEventListener("pageshow", onShow);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("pageshow", onShow);
      sendLeave(id);
    };
  }, [id, campaignId]);
}

/** A successful decision by someone else recorded after this page opened. */
function useDecisionByOther(id: number, me: string): { name: string; action: string } | null {
  const { data } = useQuery(postDecisionsQuery(id));
  const known = useRef<Set<number> | null>(null);
  const [found, setFound] = useState<{ name: string; action: string } | null>(null);
  useEffect(() => {
    if (!data) return;
    if (known.current === null) {
      known.current = new Set(data.items.map((d) => d.id));
      return;
    }
    const fresh = data.items.filter((d) => !known.current!.has(d.id));
    for (const d of data.items) known.current.add(d.id);
    const theirs = fresh.find((d) => d.user_email !== me && d.result !== null);
    if (theirs) setFound({ name: theirs.user_name, action: theirs.action });
  }, [data, me]);
  return found;
}
