import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import type { Mail } from "./mail";

/** Sends one mail; throws when the SMTP server does not take it (the digest then stays queued). */
export type Mailer = (mail: Mail) => Promise<void>;

/**
 * A nodemailer transport from SMTP_URL (smtp://user:pass@host:port, smtps://…).
 * One per process and URL; timeouts keep a dead server from holding a digest's claim.
 */
const g = globalThis as typeof globalThis & { __notifyTransport?: { url: string; transport: Transporter } };

export function smtpMailer(url: string, from: string): Mailer {
  if (g.__notifyTransport?.url !== url) {
    g.__notifyTransport?.transport.close();
    g.__notifyTransport = {
      url,
      transport: nodemailer.createTransport(transportOptions(url)),
    };
  }
  const transport = g.__notifyTransport.transport;
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  };
}

/** SMTP_URL as nodemailer's options, with timeouts (a URL string alone cannot carry them). */
export function transportOptions(url: string) {
  const u = new URL(url);
  const secure = u.protocol === "smtps:";
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 465 : 587),
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

/** Tests: drop the pooled transport (its server is going away). */
export function closeMailerForTests(): void {
  g.__notifyTransport?.transport.close();
  g.__notifyTransport = undefined;
}
