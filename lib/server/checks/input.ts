import "server-only";
import * as z from "zod";
import { validationError } from "@/lib/server/errors";
import { parseJsonBody } from "@/lib/server/route";
import { CheckRules } from "@/lib/checks/rules";

/** A rule set from a request body, or 400 validation_error naming the exact field (`banned.3.phrase`). */
export async function parseRulesBody(req: Request): Promise<CheckRules> {
  const raw = await parseJsonBody(req, z.unknown());
  // reportInput: a value of the wrong type is named as such ("expected a string"), not as a missing one.
  const parsed = CheckRules.safeParse(raw, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length ? issue.path.join(".") : "body";
  // The whole path as the parameter's name; the detail in the request's language (lib/server/errors.ts).
  throw validationError(new z.ZodError([{ ...issue, path: [field] }]));
}
