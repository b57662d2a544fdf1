import "server-only";
import { can, isRole } from "@/lib/auth/roles";
import { DEFAULT_DUE_HOURS } from "@/lib/schemas/notify";
import { log } from "@/lib/server/log";
import { getSettingsMany } from "@/lib/server/notify/settings";
import { service } from "@/lib/server/upstream-service";
import { currentPerson } from "@/lib/server/access";
import { sendCard } from "./card";
import { messengerOf, type Channels } from "./channels";
import { sendDigest } from "./digest";
import { digestDay } from "./digest-hour";
import type { Messenger } from "./messenger";
import { runReminders } from "./reminders";
import { routesFor, type Route } from "./routes";
import { boundCampaigns, chatOfCampaign, claimStep, getRules, hasStep } from "./store";
import { T } from "./texts";
import { activeCampaigns, waitingIn, type Waiting } from "./waiting";
import { zoneOf } from "./zone";

const HOUR = 3_600_000;

const detailOf = (taskId: number) => service.post(taskId, "background").then((r) => r.data);

/**
 * One round of what the bots send on their own, at `now` (the server's clock;
 * tests pass the simulator's), through whichever messengers run: due-soon
 * cards to linked deciders who chose them (within their notification
 * settings' hours), due-soon cards to team chats, the campaigns' reminder and
 * escalation steps, and daily digests. A person's own messages go by their
 * route (./routes.ts): one messenger each. Every send is once-only through a
 * mark taken before it. Never throws.
 */
export async function messengersTick(ch: Channels, now = Date.now()): Promise<void> {
  const safe = (e: unknown) => (ch.telegram ?? ch.max)?.safeError(e) ?? String(e);
  try {
    const any = ch.telegram !== null || ch.max !== null;
    const routes = any ? [...(await routesFor(ch)).values()] : [];
    const deciders: Route[] = [];
    for (const r of routes) {
      const u = await currentPerson(r.email);
      if (u && isRole(u.role) && can(u.role, "decide")) deciders.push(r);
    }
    const rules = await getRules();
    const bound = any ? await boundCampaigns() : [];
    const wantDeadline = deciders.some((d) => d.kinds.deadline);
    const campaigns = new Set<number>([...rules.map((r) => r.campaign_id), ...bound, ...(wantDeadline ? await activeCampaigns() : [])]);
    if (campaigns.size === 0 && !routes.some((r) => r.kinds.digest)) return;
    const waiting = campaigns.size > 0 ? await waitingIn(campaigns) : [];
    const upcoming = waiting.filter((w) => w.planned > now);

    // Most pressing first: when the read budget runs short, escalation still goes out.
    await part("reminders", safe, () => runReminders(ch, waiting, now));
    if (any) {
      await part("team cards", safe, () => teamCards(ch, new Set(bound), upcoming, rules, now));
      await part("due-soon cards", safe, () => personalDeadlines(deciders, upcoming, now));
      await part("digests", safe, () => dailyDigests(routes, now));
    }
  } catch (e) {
    log.error("messengers tick failed", { error: safe(e) });
  }
}

/** One part of the tick; its failure (a spent read budget, a messenger down) leaves the others to run. */
async function part(name: string, safe: (e: unknown) => string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    log.warn(`messengers tick: ${name} not finished`, { error: safe(e) });
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

async function personalDeadlines(deciders: Route[], upcoming: Waiting[], now: number): Promise<void> {
  const settings = await getSettingsMany(deciders.map((d) => d.email));
  for (const r of deciders) {
    if (!r.kinds.deadline) continue;
    const hours = settings.get(r.email)?.due_hours ?? DEFAULT_DUE_HOURS;
    for (const w of upcoming) {
      if (w.planned > now + hours * HOUR) continue;
      // The mark names the person, not the messenger: one due-soon card per post, wherever they chose.
      await sendOne(r.m, r.chat, w.post.task_id, `card:deadline:${r.email}`, now, { kind: "deadline", headline: (t) => t.kind.deadline(hours), forEmail: r.email });
    }
  }
}

/** A bound campaign's posts due within its rule's reminder hours (or the default two) go to its team chat, once, through the chat's messenger. */
async function teamCards(ch: Channels, bound: Set<number>, upcoming: Waiting[], rules: { campaign_id: number; remind_hours: number }[], now: number): Promise<void> {
  for (const w of upcoming) {
    if (!bound.has(w.post.campaign_id)) continue;
    const hours = rules.find((r) => r.campaign_id === w.post.campaign_id)?.remind_hours || DEFAULT_DUE_HOURS;
    if (w.planned > now + hours * HOUR) continue;
    const chat = await chatOfCampaign(w.post.campaign_id);
    const m = chat ? messengerOf(ch, chat) : null;
    if (!chat || !m) continue;
    await sendOne(m, chat, w.post.task_id, `team:${chat}`, now, { kind: "team", headline: T.kind.team, forEmail: null });
  }
}

async function dailyDigests(routes: Route[], now: number): Promise<void> {
  for (const r of routes) {
    if (!r.kinds.digest) continue;
    // 09:00 of the person's own day: their zone (profile), else the team's.
    const day = digestDay(now, await zoneOf(r.email));
    if (!day) continue;
    const u = await currentPerson(r.email);
    if (!u || !(await claimStep(0, `digest:${r.email}:${day}`, now))) continue;
    await sendDigest(r.m, r.chat, r.email).catch((e: unknown) => log.warn(`${r.m.name} digest not sent`, { error: r.m.safeError(e) }));
  }
}
