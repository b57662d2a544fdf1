import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { SMTPServer } from "smtp-server";
import { freePort } from "@/test/servers/free-port";

/*
 * Real servers for the notification tests: an SMTP server (smtp-server) that
 * keeps every message it accepts, and a webhook receiver that checks the
 * signature the way a chat tool's endpoint would. Both on 127.0.0.1, free ports.
 */

export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; html: string; raw: string };

export type TestSmtp = { url: string; port: number; mails: ReceivedMail[]; /** Refuse every message from now on (SMTP 451). */ failing: boolean; close(): Promise<void> };

export async function startSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const state: TestSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails: [],
    failing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.failing) return callback(Object.assign(new Error("try later"), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString("utf8");
        state.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          ...decodeMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return state;
}

/** Just enough MIME to read what nodemailer sends: encoded-word headers, multipart/alternative, base64 and quoted-printable. */
export function decodeMessage(raw: string): { subject: string; text: string; html: string } {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subjectRaw = /^subject: (.*)$/im.exec(unfolded)?.[1] ?? "";
  const subject = subjectRaw.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeQp(data.replace(/_/g, " ")),
  );
  const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  let text = "";
  let html = "";
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
    const body = part.slice(split).replace(/^\r?\n\r?\n/, "");
    const encoding = /content-transfer-encoding: *([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const decoded = encoding === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : encoding === "quoted-printable" ? decodeQp(body) : body;
    if (/content-type: *text\/html/i.test(headers)) html = decoded;
    else if (/content-type: *text\/plain/i.test(headers)) text = decoded;
  }
  return { subject, text: text.replace(/\r\n/g, "\n").trim(), html };
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

export type ReceivedHook = { body: unknown; signatureOk: boolean; timestamp: string | null };
export type TestReceiver = { url: string; hooks: ReceivedHook[]; /** Answer this status (default 200). */ status: number; close(): Promise<void> };

/** A chat tool's webhook endpoint: checks X-Dashboard-Signature against the raw body, keeps every call. */
export async function startWebhookReceiver(secret: string): Promise<TestReceiver> {
  const port = await freePort();
  const state: TestReceiver = { url: `http://127.0.0.1:${port}/hook`, hooks: [], status: 200, close: () => new Promise<void>((r) => server.close(() => r())) };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`);
      const given = Buffer.from(String(req.headers["x-dashboard-signature"] ?? ""));
      const signatureOk = given.length === expected.length && timingSafeEqual(given, expected);
      let body: unknown = null;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        // kept as null: the test sees it
      }
      state.hooks.push({ body, signatureOk, timestamp: (req.headers["x-dashboard-timestamp"] as string | undefined) ?? null });
      res.statusCode = signatureOk ? state.status : 401;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return state;
}
