import "server-only";
import type { z } from "zod";
import { IdParam } from "@/lib/schemas";
import { ApiError, text as said, validationError } from "@/lib/server/errors";
import { readBodyLimited } from "./read-body";

/** A path id (positive decimal integer), or a 400 naming the parameter. */
export function parseId(raw: string | undefined, name = "id"): number {
  const parsed = IdParam.safeParse(raw ?? "", { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error, name);
  return parsed.data;
}

/**
 * Validates the query against a schema of known parameters; unknown ones are
 * left out (zod objects strip them). A repeated parameter counts by its first value.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of new Set(query.keys())) raw[key] = query.get(key) ?? "";
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error, "query");
  return parsed.data;
}

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body and validates it. Bodies must be `application/json`
 * (which also keeps plain HTML forms from another site out); an empty body is
 * `{}` so that optional-body operations (approve) need none.
 */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  // The limit is in bytes, read as they come (a string's length counts UTF-16 units: 98 KB of Cyrillic passed 64 KB).
  const bytes = await readBodyLimited(req, MAX_BODY_BYTES).catch((e: unknown) => {
    throw e instanceof ApiError && e.code === "payload_too_large" ? new ApiError("payload_too_large", said("validation.bodyTooLarge", { max: String(MAX_BODY_BYTES) })) : e;
  });
  const text = new TextDecoder().decode(bytes);
  let body: unknown = {};
  if (text.trim() !== "") {
    const type = req.headers.get("content-type") ?? "";
    if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type)) throw new ApiError("unsupported_media_type");
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError("validation_error", said("validation.bodyNotJson"));
    }
  }
  const parsed = schema.safeParse(body, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error, "body");
  return parsed.data;
}
