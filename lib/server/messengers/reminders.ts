import "server-only";
import { teamTimeZone } from "@/lib/server/profile/request-zone";
import { env } from "@/lib/env";
import { listDashboardUsers } from "@/lib/server/collab/users";
import { log } from "@/lib/server/log";
import { smtpMailer } from "@/lib/server/notify/mailer";
import { sendWebhook } from "@/lib/server/notify/webhook";
import { service } from "@/lib/server/upstream-service";
import { isoInZone } from "@/lib/time/zone";
import { auditTelegram } from "./audit";
import { sendCard } from "./card";
import type { Channels } from "./channels";
import { routesFor } from "./routes";
import type { PostDetail } from "@/lib/schemas";
import { claimStep, getRules, hasStep, type Rule } from "./store";
import { textsFor } from "./language";
import { T, type BotTexts } from "./texts";
import type { Waiting } from "./waiting";
import { zoneOf } from "./zone";

const HOUR = 3_600_000;

export type Step = { step: string; kind: "reminder" | "escalation" | "overdue"; audience: "approvers" | "backups" | "admins"; hours: number };

/**
 * The steps due for a post planned at `planned`, at `now`: a reminder to the
 * approvers from N hours before (the k-th repeat each M hours, M = 0: once),
 * escalation to the backups from K hours before, and to the admins from the
 * publication time on. Each step has its own name, so its once-only mark
 * keeps it to one round of messages per post.
 */
function dueSteps(rule: Pick<Rule, "remind_hours" | "repeat_hours" | "escalate_hours">, planned: number, now: number): Step[] {
  const out: Step[] = [];
  if (now >= planned) return [{ step: "overdue", kind: "overdue", audience: "admins", hours: 0 }];
  const remindFrom = planned - rule.remind_hours * HOUR;
  if (rule.remind_hours > 0 && now >= remindFrom) {
    const k = rule.repeat_hours > 0 ? Math.floor((now - remindFrom) / (rule.repeat_hours * HOUR)) : 0;
    out.push({ step: `remind:${k}`, kind: "reminder", audience: "approvers", hours: rule.remind_hours });
  }
  if (rule.escalate_hours > 0 && now >= planned - rule.escalate_hours * HOUR) out.push({ step: "escalate", kind: "escalation", audience: "backups", hours: rule.escalate_hours });
  return out;
}

/** One step of one post to its people: the bot for the linked, e-mail and the team webhook for the rest; all audited. */
async function deliverStep(ch: Channels, rule: Rule, w: Waiting, detail: PostDetail, s: Step, now: number): Promise<void> {
  const audience = s.audience === "approvers" ? rule.approvers : s.audience === "backups" ? rule.backups : (await listDashboardUsers()).filter((u) => u.role === "admin").map((u) => u.email);
  const people = [...new Set(audience.map((e) => e.toLowerCase()))];
  const routes = await routesFor(ch, people);
  const headlineIn = (t: BotTexts) => (s.kind === "reminder" ? t.kind.reminder(s.hours) : s.kind === "escalation" ? t.kind.escalation(s.hours) : t.kind.overdue);
  // A card and an e-mail speak their person's language and zone; the team webhook below, the team's.
  const withoutBot: string[] = [];
  for (const email of people) {
    const route = routes.get(email);
    if (route) {
      try {
        await sendCard(route.m, route.chat, detail, { kind: s.kind, headline: headlineIn, forEmail: email });
        await auditTelegram({ kind: `${route.m.name}.step_sent`, task_id: w.post.task_id, campaign_id: w.post.campaign_id, subject_id: s.step, detail: { to: email, channel: route.m.name } });
        continue;
      } catch (e) {
        log.warn(`${route.m.name} step card not sent; e-mail instead`, { task_id: w.post.task_id, step: s.step, error: route.m.safeError(e) });
      }
    }
    withoutBot.push(email);
  }
  const e = env();
  const base = e.NEXTAUTH_URL.replace(/\/+$/, "");
  const url = `${base}/posts/${w.post.task_id}`;
  const textIn = (t: BotTexts, timeZone: string) => `${headlineIn(t)}\n${t.stepLine(w.post.campaign_name, w.post.task_id, t.when(w.planned, timeZone))}\n${url}`;
  // The team webhook's text: the team's language and zone.
  const text = textIn(T, e.TEAM_TIME_ZONE);
  if (e.SMTP_URL && withoutBot.length > 0) {
    const mail = smtpMailer(e.SMTP_URL, e.SMTP_FROM);
    for (const to of withoutBot) {
      try {
        // Each e-mail in its reader's language and time zone (profile), like the bot's cards.
        const t = await textsFor(to);
        const mine = textIn(t, await zoneOf(to));
        await mail({ to, subject: `${headlineIn(t)}: #${w.post.task_id}`, text: mine, html: `<p>${mine.split("\n").join("<br>")}</p>` });
        await auditTelegram({ kind: "telegram.step_sent", task_id: w.post.task_id, campaign_id: w.post.campaign_id, subject_id: s.step, detail: { to, channel: "email" } });
      } catch (err) {
        log.warn("reminder e-mail not sent", { task_id: w.post.task_id, step: s.step, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  if (e.NOTIFY_WEBHOOK_URL && e.NOTIFY_WEBHOOK_SECRET && withoutBot.length > 0) {
    const ok = await sendWebhook(e.NOTIFY_WEBHOOK_URL, e.NOTIFY_WEBHOOK_SECRET, {
      type: "notification",
      kind: s.kind,
      task_id: w.post.task_id,
      campaign_id: w.post.campaign_id,
      url,
      actor: null,
      text,
      // The team zone's offset, as the notifications' webhook and the CSVs write times.
      detail: { step: s.step, to: withoutBot, planned_at: isoInZone(w.planned, teamTimeZone()) },
      sent_at: isoInZone(now, teamTimeZone()),
    });
    await auditTelegram({ kind: "telegram.step_sent", task_id: w.post.task_id, campaign_id: w.post.campaign_id, subject_id: s.step, detail: { to: withoutBot, channel: "webhook", ok } });
  }
}

/** Every campaign rule against its waiting posts; returns the steps taken (for tests and logs). */
export async function runReminders(ch: Channels, waiting: readonly Waiting[], now: number): Promise<{ task_id: number; step: string }[]> {
  const rules = new Map((await getRules()).map((r) => [r.campaign_id, r]));
  const taken: { task_id: number; step: string }[] = [];
  for (const w of waiting) {
    const rule = rules.get(w.post.campaign_id);
    if (!rule) continue;
    const due: Step[] = [];
    for (const s of dueSteps(rule, w.planned, now)) if (!(await hasStep(w.post.task_id, s.step))) due.push(s);
    if (due.length === 0) continue;
    // The post's detail before any mark: a read refused now (budget, upstream) leaves the steps to the next round.
    const detail = await service.post(w.post.task_id, "background").then((r) => r.data).catch(() => null);
    if (!detail) continue;
    for (const s of due) {
      if (!(await claimStep(w.post.task_id, s.step, now))) continue;
      taken.push({ task_id: w.post.task_id, step: s.step });
      await deliverStep(ch, rule, w, detail, s, now).catch((e: unknown) => log.error("reminder step failed", { task_id: w.post.task_id, step: s.step, error: String(e) }));
    }
  }
  return taken;
}
