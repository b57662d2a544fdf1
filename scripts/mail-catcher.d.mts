// Types for mail-catcher.mjs (plain JavaScript so that the demo runs with bare `node`).
export type CaughtMail = {
  id: number;
  at: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number; content: Buffer }[];
};

export type MailCatcher = { smtpUrl: string; webUrl: string; mails: CaughtMail[]; close(): Promise<void> };

export function startMailCatcher(options?: { smtpPort?: number; webPort?: number; host?: string; keep?: number }): Promise<MailCatcher>;
