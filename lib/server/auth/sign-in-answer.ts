import "server-only";
import { ApiError, errorResponse } from "@/lib/server/errors";
import { describeSignInError, SIGN_IN_ANSWERS, signInMessage, waitSeconds } from "@/lib/auth/sign-in-errors";

type Translate = (key: string, values?: Record<string, number>) => string;

/**
 * A refused sign-in as an envelope that says why, in the person's language:
 * next-auth answers every refusal to the form's fetch with 401 `{ url }` whose
 * `?error=` names the reason (the throttle's wait rides in it). A wait or lock
 * is a 429 with Retry-After; the wording does not tell known e-mails from
 * unknown ones (both are "wrong e-mail or password"). Anything else passes;
 * the messages are loaded only for a refusal.
 */
export async function sayWhy(response: Response, translator: () => Promise<Translate>): Promise<Response> {
  if (response.status < 400 || response.status >= 500 || !/application\/json/i.test(response.headers.get("content-type") ?? "")) return response;
  const body = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
  if (typeof body?.url !== "string") return response;
  const reason = new URL(body.url, "http://localhost").searchParams.get("error") ?? "unknown";
  const problem = describeSignInError(reason);
  if (!problem) return response;
  const { code, status } = SIGN_IN_ANSWERS[problem.kind];
  const headers = new Headers();
  // next-auth's cookies (a refreshed CSRF or callback cookie) still reach the browser.
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return errorResponse(new ApiError(code, signInMessage(problem, await translator()), { status, retryAfterSeconds: waitSeconds(reason) }), headers);
}
