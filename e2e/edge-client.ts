import { connect } from "node:net";

/** One answer, as the fuzz and security specs look at it. */
export type Answer = { status: number; headers: Record<string, string>; body: string };

function parse(text: string): Answer {
  const split = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, split === -1 ? text.length : split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = split === -1 ? "" : text.slice(split + 4);
  if (headers["transfer-encoding"] === "chunked") body = body.replace(/(^|\r\n)[0-9a-f]+\r\n/g, "").replace(/\r\n0\r\n\r\n$|\r\n$/, "");
  return { status: Number(statusLine.split(" ")[1] ?? NaN), headers, body };
}

/**
 * Sends a request exactly as written: Playwright's request API (like every
 * HTTP client) normalises paths and refuses odd methods, and some attacks are
 * precisely those bytes. `Connection: close` is expected in `head`, so the
 * answer ends with the connection. `body` is written after the head, in
 * chunks, until the server answers.
 */
export function rawRequest(baseURL: string, head: string, body?: Buffer, timeoutMs = 15_000): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let answered = false;
    const done = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("utf8");
      if (!text) reject(new Error(`no answer to ${head.split("\r\n")[0]}`));
      else resolve(parse(text));
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on("data", (d: Buffer) => {
      chunks.push(d);
      const r = parse(Buffer.concat(chunks).toString("utf8"));
      const length = Number(r.headers["content-length"] ?? NaN);
      // An event stream never ends by itself: its headers (and first bytes) are the answer.
      if (Buffer.byteLength(r.body) >= length || /^text\/event-stream/.test(String(r.headers["content-type"] ?? ""))) done();
    });
    socket.on("close", done);
    socket.on("error", () => done());
    socket.write(head);
    let offset = 0;
    const pump = () => {
      while (body && !answered && offset < body.length) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!socket.write(piece)) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

export const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "x-frame-options"] as const;

/** Why an answer is not the error envelope with the security headers, or null when it is. */
export function envelopeProblem(a: Answer, method: string): string | null {
  const missing = SECURITY_HEADERS.filter((h) => !a.headers[h]);
  if (missing.length) return `missing ${missing.join(", ")}`;
  if (a.headers["x-content-type-options"] !== "nosniff") return "X-Content-Type-Options is not nosniff";
  if (!/^application\/json/i.test(a.headers["content-type"] ?? "")) return `content-type ${a.headers["content-type"] ?? "(none)"}`;
  if (method === "HEAD") return null;
  try {
    const error = (JSON.parse(a.body) as { error?: { code?: unknown; message?: unknown } }).error;
    return typeof error?.code === "string" && typeof error.message === "string" && error.message !== "" ? null : "no { error: { code, message } }";
  } catch {
    return `body is not JSON: ${a.body.slice(0, 60)}`;
  }
}
