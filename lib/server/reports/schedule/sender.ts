import "server-only";
import { sql, type Kysely } from "kysely";
import nodemailer from "nodemailer";
import { toLocale } from "@/i18n/config";
import { reportCharts } from "@/lib/reports/report-charts";
import { reportTexts } from "@/lib/reports/texts";
import type { Database } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { transportOptions } from "@/lib/server/notify/mailer";
import { buildReport } from "../data";
import { reportFileName } from "../file-name";
import { reportPdf } from "../pdf";
import { chartPngs } from "../png";
import { reportSearch } from "../query";
import { projectCampaigns, unmirroredActive } from "@/lib/server/mirror/projects";
import { duePeriod, periodKey } from "./due";
import { claimDelivery, deliveryOf, listSubscriptions, markLostSends, settleDelivery, type Channel, type Subscription } from "./store";
import type { TelegramTarget } from "./telegram";
import { sendAlbum, sendDocument } from "./telegram";

export type SenderDeps = {
  db: Kysely<Database>;
  /** Who sends: one owner per instance; the lease keeps one sender per team. */
  owner: string;
  baseUrl: string;
  smtp?: { url: string; from: string };
  telegram?: TelegramTarget;
  timeZoneOf: (email: string) => Promise<string>;
  /** Takes or renews the one sender's lease; false: another instance sends. */
  holdLease: (owner: string) => Promise<boolean>;
};

const mailOf = (r: Awaited<ReturnType<typeof buildReport>>, tx: ReturnType<typeof reportTexts>, link: string) => {
  const { t } = tx;
  const subject = `${t("title")}: ${tx.scope(r.scope)}, ${t("period", { from: tx.longDay(r.period.from), to: tx.longDay(r.period.to) })}`;
  const lines = [
    subject,
    "",
    ...r.engagement.totals.map((m) => `${tx.metric(m.metric)}: ${tx.number(m.value)} (${tx.change(m.change)})`),
    `${t("plan.published")}: ${tx.number(r.plan.published)} / ${t("plan.planned")}: ${tx.number(r.plan.planned)}`,
    `${t("review.decisions")}: ${tx.number(r.review.decisions)}; ${t("review.median")}: ${tx.duration(r.review.medianToDecision)}`,
    "",
    link,
  ];
  return { subject, text: lines.join("\n") };
};

async function telegramChat(db: Kysely<Database>, email: string): Promise<string | null> {
  const r = await sql<{ chat_id: string }>`select chat_id from telegram_links where email = ${email}`.execute(db).catch(() => ({ rows: [] as { chat_id: string }[] }));
  return r.rows[0]?.chat_id ?? null;
}

async function deliver(d: SenderDeps, s: Subscription, channel: Channel, period: { from: string; to: string }, timeZone: string, now: number): Promise<void> {
  const key = { subscription_id: s.id, period: periodKey(period), channel };
  if (!(await claimDelivery(d.db, key, d.owner, now))) return;
  try {
    const tx = reportTexts(toLocale(s.locale));
    const report = await buildReport({ db: d.db, campaignId: s.campaign_id, projectId: s.project_id, period, timeZone, now });
    const q = { campaignId: s.campaign_id, projectId: s.project_id, period };
    const pdf = await reportPdf(report, tx);
    const mail = mailOf(report, tx, `${d.baseUrl.replace(/\/+$/, "")}/reports?${reportSearch(q)}`);
    if (channel === "email") {
      if (!d.smtp) throw new Error("SMTP_URL is not set");
      const transport = nodemailer.createTransport(transportOptions(d.smtp.url));
      try {
        await transport.sendMail({ from: d.smtp.from, to: s.user_email, subject: mail.subject, text: mail.text, attachments: [{ filename: reportFileName(q, "pdf"), content: pdf, contentType: "application/pdf" }] });
      } finally {
        transport.close();
      }
    } else {
      if (!d.telegram) throw new Error("TELEGRAM_BOT_TOKEN is not set");
      const chat = await telegramChat(d.db, s.user_email);
      if (!chat) throw new Error("no Telegram account linked");
      const pngs = chartPngs(reportCharts(report, tx));
      await sendAlbum(d.telegram, chat, pngs.map((c, i) => ({ name: `${c.name}.png`, data: c.png, caption: i === 0 ? mail.subject : c.title })));
      await sendDocument(d.telegram, chat, { name: reportFileName(q, "pdf"), data: pdf });
    }
    await settleDelivery(d.db, key, d.owner, now, { ok: true });
  } catch (e) {
    const row = await deliveryOf(d.db, key);
    await settleDelivery(d.db, key, d.owner, now, { ok: false, error: e instanceof Error ? e.message : String(e), attempts: Number(row?.attempts ?? 1) });
    log.warn("scheduled report not delivered", { subscription: s.id, channel, error: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * How long after a campaign is first listed a due report waits for its mirror
 * (a start: the collector and the mirror are still filling them). Past that
 * the report goes with what the mirror has: a campaign that cannot be read
 * must not hold every report back.
 */
const MIRROR_WAIT_MS = 60 * 60_000;

async function mirrorMissing(d: SenderDeps, s: Subscription, period: { from: string; to: string }, now: number): Promise<number[]> {
  const ids = s.campaign_id !== null ? [s.campaign_id] : s.project_id !== null ? ((await projectCampaigns(d.db, s.project_id))?.campaignIds ?? []) : null;
  return unmirroredActive(d.db, ids, period, now - MIRROR_WAIT_MS);
}

/** One round of the sender: while this instance holds the lease, every due subscription's channels. Never throws. */
export async function reportTick(d: SenderDeps, now = Date.now()): Promise<void> {
  try {
    if (!(await d.holdLease(d.owner))) return;
    await markLostSends(d.db, now);
    for (const s of await listSubscriptions(d.db)) {
      const timeZone = await d.timeZoneOf(s.user_email);
      const period = duePeriod(s, now, timeZone);
      if (!period) continue;
      const missing = await mirrorMissing(d, s, period, now);
      if (missing.length) {
        log.debug("scheduled report waits for the mirror", { subscription: s.id, campaigns: missing });
        continue;
      }
      if (s.by_email) await deliver(d, s, "email", period, timeZone, now);
      if (s.by_telegram) await deliver(d, s, "telegram", period, timeZone, now);
    }
  } catch (e) {
    log.error("report sender round failed", { error: e instanceof Error ? e : String(e) });
  }
}
