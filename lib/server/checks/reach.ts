import "server-only";
import http from "node:http";
import https from "node:https";
import { useAgent, type RequestFilteringAgentOptions } from "request-filtering-agent";
import { findLinks, httpUrl } from "@/lib/checks/links";

/*
 * Whether a post's links open (a campaign's opt-in, off by default): a HEAD
 * (a GET when HEAD is refused) within one 3 s deadline, through an agent that
 * refuses private, loopback and reserved addresses after DNS lookup (SSRF:
 * a post's link must not make the dashboard reach into its own network; the note
 * never says what an internal name resolves to).
 * A redirect counts as open (it is not followed). Answers are kept for ten
 * minutes per URL. Tests allow their own local server by IP (allowIPAddressList).
 */

const TIMEOUT_MS = 3_000;
const KEEP_MS = 10 * 60_000;
const MAX_LINKS = 10;

let agentOptions: RequestFilteringAgentOptions = {};
let timeoutMs = TIMEOUT_MS;
const memo = new Map<string, { at: number; why: string | null }>();

export function setReachOptionsForTests(options: RequestFilteringAgentOptions, deadlineMs = TIMEOUT_MS): void {
  agentOptions = options;
  timeoutMs = deadlineMs;
  memo.clear();
}

// What the note says of a failure: never the error's own words, which may name what an internal host resolves to.
function reason(e: unknown): string {
  const err = e as { code?: string; message?: string } | null;
  const code = err?.code ?? "";
  const message = err?.message ?? "";
  if (message === DEADLINE) return `нет ответа за ${timeoutMs / 1000} с`;
  if (/is not allowed/i.test(message)) return "адрес во внутренней сети: не проверяется";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "домен не найден";
  if (code === "ECONNREFUSED") return "соединение отклонено";
  if (code === "ECONNRESET" || code === "EPIPE") return "соединение оборвано";
  if (/CERT|SSL|TLS/i.test(code) || /certificate/i.test(message)) return "ошибка сертификата TLS";
  return "не открывается";
}

const DEADLINE = "deadline";

/*
 * One deadline for the whole question (connect, headers, a GET after a refused HEAD): a socket's
 * idle timeout restarts on every byte, so a server sending one header line a second held a HEAD 32 s.
 */
function ask(url: URL, method: "HEAD" | "GET", signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(url, { method, agent: useAgent(url.toString(), agentOptions), signal }, (res) => {
      // The status is the answer: the body is not read (a trickling body would hold the socket).
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on("error", (e) => reject(signal.aborted ? new Error(DEADLINE) : e));
    req.end();
  });
}

/** Why the link does not open, or null when it does. */
export async function whyUnreachable(raw: string): Promise<string | null> {
  const hit = memo.get(raw);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.why;
  const url = httpUrl(raw);
  let why: string | null;
  if (!url) why = "не http(s)";
  else {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      let status = await ask(url, "HEAD", signal);
      if (status === 405 || status === 501) status = await ask(url, "GET", signal);
      why = status >= 400 ? `HTTP ${status}` : null;
    } catch (e) {
      why = reason(e);
    }
  }
  memo.set(raw, { at: Date.now(), why });
  return why;
}

/** The text's unreachable links (at most the first ten), url → why. */
export async function unreachableLinks(text: string): Promise<Map<string, string>> {
  const urls = [...new Set(findLinks(text).map((l) => l.url))].filter((u) => httpUrl(u)).slice(0, MAX_LINKS);
  const out = new Map<string, string>();
  await Promise.all(
    urls.map(async (u) => {
      const why = await whyUnreachable(u);
      if (why) out.set(u, why);
    }),
  );
  return out;
}
