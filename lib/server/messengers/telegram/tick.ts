import "server-only";
import type { Api } from "grammy";
import { can, isRole } from "@/lib/auth/roles";
import { DEFAULT_DUE_HOURS } from "@/lib/schemas/notify";
import { db, ensureMigrated } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { getSettingsMany } from "@/lib/server/notify/settings";
import { service } from "@/lib/server/upstream-service";
import { currentUser } from "../access";
import { sendCard } from "../card";
import { telegramMessenger } from "./messenger";
import { safeError, type TelegramConfig } from "./config";
import { sendDigest } from "./digest";
import { digestDay } from "../digest-hour";
import { runReminders } from "./reminders";
import { maxMessengerFromEnv } from "../max/messenger";
import { isMaxRef } from "../max/config";
import type { Messenger } from "../messenger";
import { boundCampaigns, chatOfCampaign, claimStep, getRules, hasStep, linkByEmail, type Link } from "../store";
import { T } from "../texts";
import { activeCampaigns, waitingIn, type Waiting } from "../waiting";
import { zoneOf } from "../zone";

const HOUR = 3_600_000;

async function allLinks(): Promise<Link[]> {
  await ensureMigrated();
  const rows = await db().selectFrom("telegram_links").select("email").execute();
  return (await Promise.all(rows.map((r) => linkByEmail(r.email)))).filter((l): l is Link => l !== null);
}

const detailOf = (taskId: number) => service.post(taskId, "background").then((r) => r.data);

/**
 * One round of what the bot sends on its own, at `now` (the server's clock;
 * tests pass the simulator's): due-soon cards to linked deciders who chose
 * them (within their notification settings' hours), due-soon cards to team
 * chats, the campaigns' reminder and escalation steps, and daily digests.
 * Every send is once-only through a mark taken before it. Never throws.
 */
export async function telegramTick(api: Api | null, c: TelegramConfig | null, now = Date.now()): Promise<void> {
  try {
    const links = api && c ? await allLinks() : [];
    const deciders: { link: Link; name: string }[] = [];
    for (const link of links) {
      const u = await currentUser(link.email);
      if (u && isRole(u.role) && can(u.role, "decide")) deciders.push({ link, name: u.name });
    }
    const rules = await getRules();
    const bound = api && c ? await boundCampaigns() : [];
    const wantDeadline = deciders.some((d) => d.link.kinds.deadline);
    const campaigns = new Set<number>([...rules.map((r) => r.campaign_id), ...bound, ...(wantDeadline ? await activeCampaigns() : [])]);
    if (campaigns.size === 0 && !links.some((l) => l.kinds.digest)) return;
    const waiting = campaigns.size > 0 ? await waitingIn(campaigns) : [];
    const upcoming = waiting.filter((w) => w.planned > now);

    // Most pressing first: when the read budget runs short, escalation still goes out.
    await part("reminders", c, () => runReminders({ api, c, max: maxMessengerFromEnv() }, waiting, now));
    if (api && c) {
      await part("team cards", c, () => teamCards(api, c, new Set(bound), upcoming, rules, now));
      await part("due-soon cards", c, () => personalDeadlines(api, c, deciders, upcoming, now));
      await part("digests", c, () => dailyDigests(api, c, links, now));
    }
  } catch (e) {
    log.error("telegram tick failed", { error: c ? safeError(e, c) : String(e) });
  }
}

/** One part of the tick; its failure (a spent read budget, Telegram down) leaves the others to run. */
async function part(name: string, c: TelegramConfig | null, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    log.warn(`telegram tick: ${name} not finished`, { error: c ? safeError(e, c) : String(e) });
  }
}

/**
 * Sends one card once: the post is read first (a read the budget refuses
 * leaves the mark free for the next round), then the mark is taken, then the
 * card goes; a failure to send is logged and the mark kept (never twice).
 */
async function sendOne(m: Messenger, chat: string, taskId: number, step: string, now: number, o: Parameters<typeof sendCard>[3]): Promise<void> {
  try {
    if (await hasStep(taskId, step)) return;
    const post = await detailOf(taskId);
    if (!(await claimStep(taskId, step, now))) return;
    await sendCard(m, chat, post, o);
  } catch (e) {
    log.warn(`${m.name} card not sent`, { task_id: taskId, kind: o.kind, error: m.safeError(e) });
  }
}

async function personalDeadlines(api: Api, c: TelegramConfig, deciders: { link: Link; name: string }[], upcoming: Waiting[], now: number): Promise<void> {
  const settings = await getSettingsMany(deciders.map((d) => d.link.email));
  for (const { link } of deciders) {
    if (!link.kinds.deadline) continue;
    const hours = settings.get(link.email)?.due_hours ?? DEFAULT_DUE_HOURS;
    for (const w of upcoming) {
      if (w.planned > now + hours * HOUR) continue;
      await sendOne(telegramMessenger(api, c), link.chat_id, w.post.task_id, `card:deadline:${link.email}`, now, { kind: "deadline", headline: (t) => t.kind.deadline(hours), forEmail: link.email });
    }
  }
}

/** A bound campaign's posts due within its rule's reminder hours (or the default two) go to its team chat, once. */
async function teamCards(api: Api, c: TelegramConfig, bound: Set<number>, upcoming: Waiting[], rules: { campaign_id: number; remind_hours: number }[], now: number): Promise<void> {
  for (const w of upcoming) {
    if (!bound.has(w.post.campaign_id)) continue;
    const hours = rules.find((r) => r.campaign_id === w.post.campaign_id)?.remind_hours || DEFAULT_DUE_HOURS;
    if (w.planned > now + hours * HOUR) continue;
    const chat = await chatOfCampaign(w.post.campaign_id);
    if (!chat) continue;
    // A team chat bound from MAX ("max:<id>") gets its cards through MAX.
    const m = isMaxRef(chat) ? maxMessengerFromEnv() : telegramMessenger(api, c);
    if (!m) continue;
    await sendOne(m, chat, w.post.task_id, `team:${chat}`, now, { kind: "team", headline: T.kind.team, forEmail: null });
  }
}

async function dailyDigests(api: Api, c: TelegramConfig, links: Link[], now: number): Promise<void> {
  for (const link of links) {
    if (!link.kinds.digest) continue;
    // 09:00 of the person's own day: their zone (profile), else the team's.
    const day = digestDay(now, await zoneOf(link.email));
    if (!day) continue;
    const u = await currentUser(link.email);
    if (!u || !(await claimStep(0, `digest:${link.email}:${day}`, now))) continue;
    await sendDigest(api, c, { ...u, link }).catch((e: unknown) => log.warn("telegram digest not sent", { error: safeError(e, c) }));
  }
}
