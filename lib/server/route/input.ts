import "server-only";
import type { z } from "zod";
import { IdParam } from "@/lib/schemas";
import { ApiError, text as said, validationError } from "@/lib/server/errors";

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
  const text = await req.text();
  let body: unknown = {};
  if (text.trim() !== "") {
    const type = req.headers.get("content-type") ?? "";
    if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type)) throw new ApiError("unsupported_media_type");
    if (text.length > MAX_BODY_BYTES) throw new ApiError("validation_error", said("validation.bodyTooLarge"));
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
