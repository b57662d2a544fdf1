// Media files behind signed, expiring links (like presigned object-storage URLs). Downloads are
// not API calls: no API key, no rate limit; the HMAC signature and expiry are the access check.
// Expiry uses the real wall clock, so a link really dies `expires_in` seconds after it was issued.

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { send, sendJson } from "./http";

const ASSET_DIR = fileURLToPath(new URL("./assets/", import.meta.url));
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  mp4: "video/mp4",
  webm: "video/webm",
  pdf: "application/pdf",
};

interface Asset {
  data: Buffer;
  type: string;
  etag: string;
}

/** All files are small (< 1 MB together), so they are read once and served from memory. */
const ASSETS = new Map<string, Asset>();
for (const name of readdirSync(ASSET_DIR)) {
  const type = CONTENT_TYPES[name.split(".").pop() ?? ""];
  if (!type) continue;
  const data = readFileSync(ASSET_DIR + name);
  ASSETS.set(name, { data, type, etag: `"${createHash("sha1").update(data).digest("hex").slice(0, 16)}"` });
}

export function assetSize(name: string): number {
  return ASSETS.get(name)?.data.length ?? 0;
}

export class MediaLinker {
  private readonly key: Buffer;

  constructor(
    seed: number,
    private readonly baseUrl: () => string,
    private readonly ttlSeconds: () => number,
    private readonly realNow: () => number = Date.now,
  ) {
    // Derived from the seed, so links stay valid across a restart with the same seed.
    this.key = createHash("sha256").update(`simulator-media:${seed}`).digest();
  }

  get expiresIn(): number {
    return this.ttlSeconds();
  }

  private sign(asset: string, exp: number): string {
    return createHmac("sha256", this.key).update(`${asset}\n${exp}`).digest("hex").slice(0, 32);
  }

  url(asset: string): string {
    const exp = Math.ceil(this.realNow() / 1000) + this.ttlSeconds();
    return `${this.baseUrl()}/media/${encodeURIComponent(asset)}?exp=${exp}&sig=${this.sign(asset, exp)}`;
  }

  check(asset: string, exp: string | null, sig: string | null): "ok" | "expired" | "bad_signature" {
    if (!exp || !sig || !/^\d+$/.test(exp)) return "bad_signature";
    const expected = Buffer.from(this.sign(asset, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad_signature";
    return Number(exp) * 1000 <= this.realNow() ? "expired" : "ok";
  }
}

const mediaError = (res: ServerResponse, status: number, code: string, message: string): void =>
  sendJson(res, status, { error: { code, message } }, { "Cache-Control": "no-store" });

/** Parses a single "bytes=" range; null = serve the whole file, "invalid" = 416. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | "invalid" {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null; // absent, multi-range or odd syntax: ignore
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "invalid";
  return { start, end };
}

export function serveMedia(req: IncomingMessage, res: ServerResponse, linker: MediaLinker, url: URL): void {
  if (req.method !== "GET" && req.method !== "HEAD") return mediaError(res, 405, "method_not_allowed", "Метод не поддерживается.");
  const name = decodeURIComponent(url.pathname.slice("/media/".length));
  const asset = ASSETS.get(name);
  const verdict = linker.check(name, url.searchParams.get("exp"), url.searchParams.get("sig"));
  if (verdict === "bad_signature") return mediaError(res, 403, "invalid_signature", "Недействительная ссылка на файл.");
  if (verdict === "expired") return mediaError(res, 403, "link_expired", "Срок действия ссылки на файл истёк. Запросите пост заново.");
  if (!asset) return mediaError(res, 404, "not_found", "Файл не найден.");
  const size = asset.data.length;
  const remaining = Math.max(0, Number(url.searchParams.get("exp")) - Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    ETag: asset.etag,
    "Cache-Control": `private, max-age=${remaining}`,
  };
  const range = parseRange(req.headers.range, size);
  if (range === "invalid") return send(res, 416, asset.type, "", { ...headers, "Content-Range": `bytes */${size}` });
  const body = range ? asset.data.subarray(range.start, range.end + 1) : asset.data;
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
  const status = range ? 206 : 200;
  if (req.method === "HEAD") {
    res.writeHead(status, { "Content-Type": asset.type, "Content-Length": String(body.length), ...headers });
    res.end();
    return;
  }
  send(res, status, asset.type, body, headers);
}
