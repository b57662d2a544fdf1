import "server-only";
import { ApiError } from "@/lib/server/errors";

/**
 * Reads a request body, refusing it (413 payload_too_large) as soon as it is
 * longer than `maxBytes`: by its Content-Length before reading anything, or
 * while reading, so an oversized body is never held in memory whole. The edge
 * (server.mjs) limits bodies too; this holds where the app runs without it.
 */
export async function readBodyLimited(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError("payload_too_large");
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError("payload_too_large");
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
