// State rules of section 3.1 (approve / reject) and the admin's "changed elsewhere" helper.

import { ApiError } from "../http";
import { MINUTE_MS } from "./calendar";
import { buildMedia, buildRecords, startEngagement } from "./factory";
import type { World } from "./state";
import type { Post, PostStatus, Version } from "./types";

export interface ApprovalResult {
  task_id: number;
  status: PostStatus;
  result: "approved_now" | "already_approved" | "already_published" | "already_canceled" | "rejected_now" | "not_pending";
  message: string;
}

const STATUS_RU: Record<PostStatus, string> = {
  SCHEDULED: "запланирован",
  GENERATING: "генерируется",
  WAITING_APPROVAL: "ожидает одобрения",
  APPROVED: "одобрен",
  PUBLISHING: "публикуется",
  PUBLISHED: "опубликован",
  PARTIALLY_PUBLISHED: "опубликован частично",
  READY: "готов",
  CANCELED: "отменён",
  FAILED: "ошибка публикации",
};

const isPublished = (s: PostStatus): boolean => s === "PUBLISHED" || s === "PARTIALLY_PUBLISHED";

export function approve(w: World, p: Post, now: number): ApprovalResult {
  if (p.status === "WAITING_APPROVAL") {
    p.status = "APPROVED";
    p.updatedAt = w.stamp(now);
    return { task_id: p.id, status: p.status, result: "approved_now", message: "Пост одобрен и будет опубликован по расписанию." };
  }
  if (p.status === "APPROVED") {
    return { task_id: p.id, status: p.status, result: "already_approved", message: "Пост уже одобрен ранее." };
  }
  if (isPublished(p.status)) throw new ApiError(409, "conflict", "Пост уже опубликован, одобрить его нельзя.");
  if (p.status === "CANCELED") throw new ApiError(409, "conflict", "Пост отменён, одобрить его нельзя.");
  throw new ApiError(409, "conflict", `Пост в статусе «${STATUS_RU[p.status]}» нельзя одобрить: одобрение возможно только для постов, ожидающих одобрения.`);
}

/**
 * Reject of a post that is not pending is not described by the spec. "result" mode answers 200
 * with the spec's other result codes (status unchanged); "conflict" mode answers 409.
 */
export function reject(w: World, p: Post, now: number, otherwise: "result" | "conflict"): ApprovalResult {
  if (p.status === "WAITING_APPROVAL" || p.status === "APPROVED" || p.status === "SCHEDULED") {
    p.status = "CANCELED";
    p.dueAt = null;
    p.updatedAt = w.stamp(now);
    return { task_id: p.id, status: p.status, result: "rejected_now", message: "Пост отклонён и не будет опубликован." };
  }
  let answer: ApprovalResult;
  if (p.status === "CANCELED") answer = { task_id: p.id, status: p.status, result: "already_canceled", message: "Пост уже отменён." };
  else if (isPublished(p.status)) {
    answer = { task_id: p.id, status: p.status, result: "already_published", message: "Пост уже опубликован, отклонить его нельзя." };
  } else {
    answer = {
      task_id: p.id,
      status: p.status,
      result: "not_pending",
      message: `Пост не ожидает публикации (статус: «${STATUS_RU[p.status]}»), отклонить его нельзя.`,
    };
  }
  if (otherwise === "conflict") throw new ApiError(409, "conflict", answer.message);
  return answer;
}

/** Admin helper: a change made outside the API (e.g. in the service's own UI). */
export function forceStatus(w: World, p: Post, status: PostStatus, now: number): void {
  const c = w.campaign(p.campaignId);
  if (!c) return;
  const channels = w.campaignChannels(c);
  p.status = status;
  p.dueAt = null;
  if (status !== "GENERATING" && !p.media) p.media = buildMedia(w.rng, c, p.postType);
  if (isPublished(status) && !p.records.some((r) => r.status === "PUBLISHED")) {
    p.records = buildRecords(w.rng, channels, status === "PUBLISHED" ? "published" : "partial", now);
    p.publishedAt = now;
    p.engagement = startEngagement(w.rng, p.records, channels, now, now);
  } else if (status === "FAILED" && p.records.length === 0) {
    p.records = buildRecords(w.rng, channels, "failed", now);
  } else if (status === "PUBLISHING") {
    p.records = buildRecords(w.rng, channels, "pending", now);
    p.dueAt = now + MINUTE_MS;
  } else if (status === "GENERATING") {
    p.dueAt = now + 5 * MINUTE_MS;
  }
  p.updatedAt = w.stamp(now);
}

/** The spec's limit of versions per post (2.8). */
export const MAX_VERSIONS = 10;

/**
 * Admin helper: a version written outside the API (an edit in the service's
 * own UI, a regeneration), made the active one; the post's updated_at moves.
 * A post that already has the maximum is refused with 409, as the service
 * would refuse an eleventh version.
 */
export function addVersionElsewhere(w: World, p: Post, text: string, source: "MANUAL_EDIT" | "REGENERATION", now: number): Version {
  if (p.versions.length >= MAX_VERSIONS) {
    throw new ApiError(409, "conflict", `У поста уже ${MAX_VERSIONS} версий — больше добавить нельзя.`);
  }
  for (const v of p.versions) v.isActive = false;
  const version: Version = { number: Math.max(0, ...p.versions.map((v) => v.number)) + 1, text, source, isActive: true, createdAt: now };
  p.versions.push(version);
  p.updatedAt = w.stamp(now);
  return version;
}
