// The demo's local mail catcher (scripts/demo.mjs): an SMTP server (smtp-server) on 127.0.0.1 that
// takes every mail and sends none on, and a page on 127.0.0.1 that lists what it took, each mail with
// its text and attachments (the scheduled reports' PDF). Kept in memory: the last `keep` mails.
// Plain JavaScript so that the demo runs with bare `node`; types in mail-catcher.d.mts.
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const MAX_BYTES = 25 * 1024 * 1024;
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>` +
  `<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color-scheme:light dark}pre{white-space:pre-wrap}td,th{padding:.25rem .5rem;text-align:left;vertical-align:top}</style></head><body>${body}</body></html>`;

/** Starts both servers; ports 0 pick free ones (tests). */
export async function startMailCatcher({ smtpPort = 1025, webPort = 1080, host = "127.0.0.1", keep = 200 } = {}) {
  /** Newest first: { id, at, from, to, subject, text, attachments: [{ filename, contentType, size, content }] } */
  const mails = [];
  let next = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: MAX_BYTES,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (m) => {
          if (stream.sizeExceeded) return callback(Object.assign(new Error("message too large"), { responseCode: 552 }));
          mails.unshift({
            id: next++,
            at: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? "",
            text: m.text ?? "",
            attachments: m.attachments.map((a) => ({ filename: a.filename ?? "attachment", contentType: a.contentType, size: a.size, content: a.content })),
          });
          mails.length = Math.min(mails.length, keep);
          callback();
        },
        (e) => callback(e),
      );
    },
  });
  const web = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://catcher");
    const send = (status, type, body, extra = {}) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff", ...extra });
      res.end(body);
    };
    if (req.method !== "GET") return send(405, "text/plain", "GET only");
    const brief = (m) => ({ id: m.id, at: m.at, from: m.from, to: m.to, subject: m.subject, text: m.text, attachments: m.attachments.map((a, i) => ({ filename: a.filename, contentType: a.contentType, size: a.size, url: `/mails/${m.id}/attachments/${i}` })) });
    if (url.pathname === "/mails.json") return send(200, "application/json", JSON.stringify({ mails: mails.map(brief) }));
    if (url.pathname === "/") {
      const rows = mails.map((m) => `<tr><td>${esc(m.at)}</td><td>${esc(m.to.join(", "))}</td><td><a href="/mails/${m.id}">${esc(m.subject || "(no subject)")}</a></td><td>${m.attachments.length}</td></tr>`).join("");
      return send(200, "text/html; charset=utf-8", page("Mail catcher", `<h1>Mail caught by the demo</h1><p>Nothing here leaves this machine. Newest first.</p>${mails.length ? `<table><thead><tr><th>When (UTC)</th><th>To</th><th>Subject</th><th>Files</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No mail yet.</p>"}`));
    }
    const one = /^\/mails\/(\d+)(?:\/attachments\/(\d+))?$/.exec(url.pathname);
    const m = one && mails.find((x) => x.id === Number(one[1]));
    if (!m) return send(404, "text/plain", "no such mail");
    if (one[2] !== undefined) {
      const a = m.attachments[Number(one[2])];
      if (!a) return send(404, "text/plain", "no such attachment");
      // A file name of the mail's own making, made safe for the header.
      const name = a.filename.replace(/[^\w.-]+/g, "_");
      return send(200, a.contentType || "application/octet-stream", a.content, { "content-disposition": `inline; filename="${name}"`, "content-security-policy": "sandbox" });
    }
    const files = m.attachments.map((a, i) => `<li><a href="/mails/${m.id}/attachments/${i}">${esc(a.filename)}</a> (${esc(a.contentType)}, ${a.size} bytes)</li>`).join("");
    return send(200, "text/html; charset=utf-8", page(m.subject, `<p><a href="/">← all mail</a></p><h1>${esc(m.subject)}</h1><p>From ${esc(m.from)} to ${esc(m.to.join(", "))}, ${esc(m.at)}</p>${files ? `<ul>${files}</ul>` : ""}<pre>${esc(m.text)}</pre>`));
  });
  const listen = (server, port) =>
    new Promise((resolve, reject) => {
      server.once("error", reject);
      // SMTPServer keeps its net.Server in `.server`.
      server.listen(port, host, () => resolve((server.server ?? server).address().port));
    });
  const boundSmtp = await listen(smtp, smtpPort);
  let boundWeb;
  try {
    boundWeb = await listen(web, webPort);
  } catch (e) {
    smtp.close();
    throw e;
  }
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    smtpUrl: `smtp://${shown}:${boundSmtp}`,
    webUrl: `http://${shown}:${boundWeb}`,
    mails,
    close: () => Promise.all([new Promise((r) => smtp.close(() => r())), new Promise((r) => web.close(() => r()))]).then(() => undefined),
  };
}
