// Small response helpers shared by the API, media and admin handlers.

import type { IncomingMessage, ServerResponse } from "node:http";

/** An error answer in the API's format: { "error": { "code", "message" } }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}

export interface JsonAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const notFound = (message = "Ресурс не найден."): ApiError => new ApiError(404, "not_found", message);

export function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buf = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  res.writeHead(status, { "Content-Type": contentType, "Content-Length": String(buf.length), ...headers });
  res.end(buf);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, "application/json; charset=utf-8", JSON.stringify(body), headers);
}

export async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > limit) throw new ApiError(413, "payload_too_large", "Слишком большое тело запроса.");
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString("utf8");
}
