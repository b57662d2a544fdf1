"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRowChecks } from "@/components/checks/row-mark";
import { useBlockedText } from "@/components/post/decision-offer";
import { approveMode, flagged, useApproveFlags, type Confirmed } from "@/components/post/flagged-approve";
import { useCampaignPlatforms } from "@/components/post/over-limit-flag";
import type { VersionChange } from "@/components/post/version-change";
import { useIsAdmin } from "@/components/shell/viewer-role";
import { notify } from "@/components/ui/toaster";
import type { Decidable, TriageEffect } from "@/lib/keyboard/triage";
import { useTriageKeys } from "@/lib/keyboard/use-triage-keys";
import { overLimits } from "@/lib/posts/over-limit";
import { canDecideOn, eligibleIds } from "@/lib/posts/transitions";
import { postQuery } from "@/lib/queries/posts";
import { planBulk, type Deferred } from "./deferred";
import type { TriagePost, TriageSource } from "./source";
import { useBulkJobs } from "./use-bulk-jobs";
import { useDecisions, withOverrides, type RejectInput } from "./use-decisions";
import { useDecisionWindow } from "./undo-toast";
import { activeVersion, useSeenVersions, type Pin } from "./versions";

const NO_POSTS: readonly TriagePost[] = [];

/**
 * What the reject dialog is open for: one post (pinned to the version seen) or a bulk selection;
 * `initial` is what was typed before a refusal for a changed text, offered again for the new one.
 */
export type Rejecting = { ids: number[]; source: "single" | "keyboard" | "bulk"; version?: Pin; initial?: RejectInput };

/**
 * Everything a triage desk does to its rows, whatever list they come from:
 * the cursor and its keys, decisions pinned to the version seen, the one undo
 * window (keyboard approvals and bulk jobs, newest first for u / Ctrl+Z), and
 * bulk jobs (one per campaign). The layout is triage-desk.tsx.
 */
export function useTriageDesk(source: TriageSource, canDecide: boolean) {
  const t = useTranslations("review.queue");
  const tt = useTranslations("review.triage");
  const tf = useTranslations("review.decision.flagged");
  const blockedText = useBlockedText();
  const router = useRouter();
  const { query } = source;
  const serverPosts = query.data?.data.posts ?? NO_POSTS;
  const { seen: seenMap, seenOf, cachedOf, markSeen } = useSeenVersions();

  // Posts whose decision was refused because the text moved on (with the versions the server named):
  // the preview asks again about them, and the cursor goes back to the first such post.
  const [refused, setRefused] = useState<ReadonlyMap<number, VersionChange>>(() => new Map());
  const setCursorRef = useRef<(id: number) => void>(() => {});
  const setSelectedRef = useRef<(ids: readonly number[]) => void>(() => {});
  const onVersionChanged = useCallback((id: number, change: VersionChange) => {
    setRefused((m) => new Map(m).set(id, change));
    setCursorRef.current(id);
  }, []);
  const decisions = useDecisions({ listKey: source.listKey, notify, onVersionChanged });
  const posts = useMemo(() => withOverrides(serverPosts, decisions.overrides), [serverPosts, decisions.overrides]);
  const ids = useMemo(() => posts.map((p) => p.task_id), [posts]);
  // Rows on screen from a list that is failing (or retrying after a failure) may be out of date: no decisions on them.
  const readable = query.status === "success";

  const bulk = useBulkJobs({ jobCampaigns: source.jobCampaigns, enabled: canDecide, listKey: source.listKey, applyStatuses: decisions.applyStatuses });
  const { send: sendSingle } = decisions;
  const { start: startBulk, startOnExit } = bulk;
  // What was typed for a reject that did not go through (the text changed, a failure): offered again.
  const typed = useRef(new Map<number, RejectInput>());
  const send = useCallback(
    (d: Deferred, { keepalive }: { keepalive: boolean }) => {
      if (d.kind === "bulk") {
        if (keepalive) startOnExit(d.plan);
        else void startBulk(d.plan);
        return;
      }
      void sendSingle(d, { keepalive }).then((outcome) => {
        if (d.kind !== "reject") return;
        if (outcome.kind === "sent" || outcome.kind === "unknown") typed.current.delete(d.id);
        else typed.current.set(d.id, d.input);
      });
    },
    [sendSingle, startBulk, startOnExit],
  );
  const [announcement, setAnnouncement] = useState("");
  const onUndone = useCallback(
    (item: Deferred) => {
      if (item.kind !== "bulk") {
        // Back to the post whose decision was taken back: it is the one to look at again.
        setCursorRef.current(item.id);
        setAnnouncement(tt(item.kind === "approve" ? "undo.undoneApprove" : "undo.undoneReject", { id: item.id }));
      } else {
        // The selection comes back, so the bulk action can be changed rather than made again from scratch.
        setSelectedRef.current(item.plan.groups.flatMap((g) => g.taskIds));
        setAnnouncement(tt("undo.undoneBulk", { count: item.plan.count }));
      }
    },
    [tt],
  );
  // The one decision flow: every decision here (a, r, the preview, the phone sheet, bulk) waits out the undo window with its own toast.
  const undoWindow = useDecisionWindow(send, onUndone);
  const pendingIds = useMemo(() => undoWindow.pending.flatMap((p) => (p.item.kind === "bulk" ? p.item.plan.groups.flatMap((g) => g.taskIds) : [p.item.id])), [undoWindow.pending]);
  const bulkSerial = useRef(0);

  const [helpOpen, setHelpOpen] = useState(false);
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const dialogOpen = helpOpen || rejecting !== null || confirming !== null;

  // Changed since read: refused by the server, or a newer version loaded than the one first shown.
  const changedOf = useCallback(
    (id: number) => {
      const seen = seenOf(id);
      const now = cachedOf(id);
      return refused.has(id) || (typeof seen === "number" && typeof now === "number" && seen !== now);
    },
    [seenOf, cachedOf, refused],
  );
  const decidable = useCallback<Decidable>(
    (id, action) => {
      const post = posts.find((p) => p.task_id === id);
      return readable && post !== undefined && canDecideOn(post.status, action) && seenOf(id) !== undefined && !changedOf(id);
    },
    [posts, readable, seenOf, changedOf],
  );
  const whyNot = useCallback(
    (id: number, action: "approve" | "reject") => {
      const post = posts.find((p) => p.task_id === id);
      if (!readable || !post || !canDecideOn(post.status, action)) return blockedText(post?.status ?? "", readable);
      return seenOf(id) === undefined ? tt("preview.loadingVersion") : tt("preview.changed");
    },
    [posts, readable, blockedText, seenOf, tt],
  );

  const { undoLast: takeBackLast } = undoWindow;
  const undoLast = useCallback(() => void takeBackLast(), [takeBackLast]);

  // Flags that stop a one-tap approve, as the list knows them (over a limit on the campaign's
  // platforms, blocking checks by the row marks: the same cached reads the rows' flags use) and, for
  // the cursor's post, in words (its detail and the checks of the version read).
  const campaignIds = useMemo(() => [...new Set(posts.map((p) => p.campaign_id))], [posts]);
  const platforms = useCampaignPlatforms(campaignIds);
  const rowChecks = useRowChecks(ids);
  const listFlagged = useCallback(
    (id: number) => {
      const post = posts.find((p) => p.task_id === id);
      if (!post) return false;
      return overLimits(post, platforms.get(post.campaign_id) ?? []).length > 0 || (rowChecks?.[String(id)]?.block ?? 0) > 0;
    },
    [posts, platforms, rowChecks],
  );
  const admin = useIsAdmin();
  // The post whose approve waits for a confirmation in the preview (its button, or `a` on it).
  const [flagConfirm, setFlagConfirm] = useState<number | null>(null);
  /** Opens the reject dialog for one post, pinned to `version`. */
  const askReject = useCallback(
    (id: number, version: Pin | undefined, how: "single" | "keyboard") => setRejecting({ ids: [id], source: how, version, initial: typed.current.get(id) }),
    [],
  );

  const scheduleApproval = useCallback(
    (id: number) => {
      const version = seenOf(id);
      if (version === undefined) return;
      // The campaign's platforms not read yet: an over-limit post (the server does not refuse those)
      // must not slip through on one key press before its flag is known.
      const campaign = posts.find((p) => p.task_id === id)?.campaign_id;
      if (campaign !== undefined && !platforms.has(campaign)) {
        notify("warning", t("toast.unavailable", { id, reason: tt("preview.checkingLimits") }));
        return;
      }
      if (listFlagged(id) || (id === cursorRef.current.id && flagged(cursorRef.current.flags))) {
        // Not with one key press: the preview asks (and names the problem); the confirmation goes to the audit.
        setCursorRef.current(id);
        setFlagConfirm(id);
        // Blocked for this person (checks, not an admin): the preview says why; the key says so too.
        if (id === cursorRef.current.id && approveMode(cursorRef.current.flags, admin) === "blocked") {
          notify("warning", t("toast.unavailable", { id, reason: tf("blockedTitle") }));
        }
        return;
      }
      undoWindow.schedule({ kind: "approve", id, version, source: "keyboard" });
    },
    [seenOf, undoWindow, listFlagged, admin, t, tf, tt, posts, platforms],
  );

  const onEffect = useCallback(
    (effect: TriageEffect) => {
      if (effect.type === "help") return setHelpOpen(true);
      if (effect.type === "open") return router.push(`/posts/${effect.id}`);
      if (!canDecide) return;
      if (effect.type === "undo") return undoLast();
      if (effect.type === "unavailable") return void notify("warning", t("toast.unavailable", { id: effect.id, reason: whyNot(effect.id, effect.action) }));
      if (effect.type === "approve") scheduleApproval(effect.id);
      if (effect.type === "reject") askReject(effect.id, seenOf(effect.id), "keyboard");
    },
    [router, canDecide, t, whyNot, scheduleApproval, seenOf, undoLast, askReject],
  );
  const triage = useTriageKeys(ids, { onEffect, enabled: !dialogOpen, decidable, canUndo: () => canDecide && undoWindow.size() > 0 });
  useEffect(() => {
    setCursorRef.current = triage.setCursor;
    setSelectedRef.current = triage.setSelected;
  });

  const cursorPost = posts.find((p) => p.task_id === triage.cursorId) ?? null;
  // The cursor's post in full: its detail (the post page's query and cache entry) gives the version to pin.
  const detail = useQuery({ ...postQuery(triage.cursorId ?? 0), enabled: triage.cursorId !== null });
  const detailData = detail.data && detail.data.data.task_id === triage.cursorId ? detail.data : undefined;
  const current = detailData ? activeVersion(detailData.data) : undefined;
  // The first text shown of a post is the one read; a later one is news, not silently taken for read.
  useEffect(() => {
    if (triage.cursorId !== null && current !== undefined && seenOf(triage.cursorId) === undefined) markSeen(triage.cursorId, current);
  }, [triage.cursorId, current, seenOf, markSeen]);
  // The post the cursor goes to next is loaded while this one is read (the first row before the first j,
  // once the person is at the page), so a decision on it need not wait; one read per post looked at,
  // as the preview would make anyway.
  const nextId = triage.cursorId === null ? ids[0] : ids[ids.indexOf(triage.cursorId) + 1];
  const ready = triage.cursorId === null || detailData !== undefined;
  // Rendered by the desk as <PreloadPost>.
  const preload = { id: canDecide && ready ? nextId : undefined, afterInput: triage.cursorId === null };

  const seen = triage.cursorId === null ? undefined : seenMap.get(triage.cursorId);
  const cursorFlags = useApproveFlags(
    triage.cursorId ?? 0,
    detailData?.data ?? cursorPost ?? undefined,
    cursorPost ? platforms.get(cursorPost.campaign_id) : undefined,
    triage.cursorId === null ? undefined : seen,
  );
  const cursorRef = useRef({ id: triage.cursorId, flags: cursorFlags });
  useEffect(() => {
    cursorRef.current = { id: triage.cursorId, flags: cursorFlags };
  });
  // What the notice compares: the server's refusal says it exactly; else the text shown first and the one loaded now.
  const change: VersionChange | null =
    triage.cursorId === null
      ? null
      : (refused.get(triage.cursorId) ?? (typeof seen === "number" && typeof current === "number" && seen !== current ? { seen, current } : null));

  /** The person read the new text (the notice): it is the one seen now, and decisions pin it. */
  const acceptVersion = useCallback(
    (id: number, version: Pin) => {
      markSeen(id, version);
      setRefused((m) => {
        if (!m.has(id)) return m;
        const next = new Map(m);
        next.delete(id);
        return next;
      });
    },
    [markSeen],
  );

  // The preview's and the phone sheet's Approve: the same 5 s undo window as `a`, pinned to the version
  // shown; a flagged post's only after its confirmation (`confirmed`, recorded in the audit).
  const approveNow = useCallback(
    (id: number, version: Pin, confirmed?: Confirmed) => {
      setFlagConfirm(null);
      triage.advance(id);
      undoWindow.schedule({
        kind: "approve",
        id,
        version,
        source: "single",
        ...(confirmed?.note ? { note: confirmed.note } : {}),
        ...(confirmed ? { confirmed: true } : {}),
        ...(confirmed?.override ? { override: confirmed.override } : {}),
      });
    },
    [triage, undoWindow],
  );

  // The dialog closes as the reject starts its undo window (the post's toast, Undo); what was typed
  // comes back if it does not go through.
  const confirmReject = async (input: RejectInput) => {
    if (!rejecting) return;
    const { ids: targets, source: how, version } = rejecting;
    if (how === "bulk") {
      scheduleBulk(planBulk("reject", posts, targets, versionForBulk, input));
    } else {
      const id = targets[0];
      if (id === undefined || version === undefined) return;
      typed.current.set(id, input);
      undoWindow.schedule({ kind: "reject", id, version, source: how, input });
      triage.advance(id);
    }
    setRejecting(null);
  };

  /** Bulk items are pinned where a version is known: the one read in the preview, else the one loaded. */
  const versionForBulk = (id: number) => seenOf(id) ?? cachedOf(id);

  function scheduleBulk(plan: ReturnType<typeof planBulk>) {
    if (plan.count === 0) return;
    bulkSerial.current += 1;
    undoWindow.schedule({ kind: "bulk", plan }, bulkSerial.current);
    triage.setSelected([]);
  }

  // Bulk leaves flagged posts out: each is approved on its own, after its confirmation.
  const approvableAll = eligibleIds(posts, triage.selected, "approve");
  const approvable = approvableAll.filter((id) => !listFlagged(id));
  const rejectable = eligibleIds(posts, triage.selected, "reject");
  const campaignsOf = (list: readonly number[]) => new Set(posts.filter((p) => list.includes(p.task_id)).map((p) => p.campaign_id)).size;

  return {
    posts,
    ids,
    readable,
    triage,
    decisions,
    bulk,
    pendingIds,
    announcement,
    cursorPost,
    detail: { query: detail, data: detailData, current, seen, change },
    acceptVersion,
    approveNow,
    helpOpen,
    setHelpOpen,
    rejecting,
    setRejecting,
    askReject,
    confirmReject,
    /** The campaign whose reasons the dialog offers: the (first) post's. */
    rejectCampaign: rejecting ? posts.find((p) => p.task_id === rejecting.ids[0])?.campaign_id : undefined,
    confirming,
    setConfirming,
    confirmBulkApprove: () => {
      if (confirming) scheduleBulk(planBulk("approve", posts, confirming, versionForBulk));
      setConfirming(null);
    },
    approvable,
    /** Selected posts bulk approve leaves out (flagged). */
    leftOut: approvableAll.length - approvable.length,
    rejectable,
    flags: cursorFlags,
    flagMode: approveMode(cursorFlags, admin),
    flagConfirm,
    setFlagConfirm,
    campaignsOf,
    preload,
  };
}
