import "server-only";
import http from "node:http";
import https from "node:https";
import { useAgent, type RequestFilteringAgentOptions } from "request-filtering-agent";
import { findLinks, httpUrl } from "@/lib/checks/links";

/*
 * Whether a post's links open (a campaign's opt-in, off by default): a HEAD
 * (a GET when HEAD is refused) with a 3 s timeout, through an agent that
 * refuses private, loopback and reserved addresses after DNS lookup (SSRF:
 * a post's link must not make the dashboard reach into its own network).
 * A redirect counts as open (it is not followed). Answers are kept for ten
 * minutes per URL. Tests allow their own local server by IP (allowIPAddressList).
 */

const TIMEOUT_MS = 3_000;
const KEEP_MS = 10 * 60_000;
const MAX_LINKS = 10;

let agentOptions: RequestFilteringAgentOptions = {};
const memo = new Map<string, { at: number; why: string | null }>();

export function setReachOptionsForTests(options: RequestFilteringAgentOptions): void {
  agentOptions = options;
  memo.clear();
}

function ask(url: URL, method: "HEAD" | "GET"): Promise<number> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(url, { method, agent: useAgent(url.toString(), agentOptions), timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("timeout", () => req.destroy(new Error("нет ответа за 3 с")));
    req.on("error", reject);
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
    try {
      let status = await ask(url, "HEAD");
      if (status === 405 || status === 501) status = await ask(url, "GET");
      why = status >= 400 ? `HTTP ${status}` : null;
    } catch (e) {
      why = e instanceof Error ? e.message : String(e);
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
