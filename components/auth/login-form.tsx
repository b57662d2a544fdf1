"use client";

import { signIn } from "@/lib/auth/auth-client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { describeSignInError, lockedErrorCode, signInMessage, waitSeconds, type SignInProblem } from "@/lib/auth/sign-in-errors";
import { Button } from "@/components/ui/button";

type FieldErrors = { email?: string; password?: string };

export type LoginFormProps = {
  /** Already checked to be a same-origin path (safeCallbackPath). */
  callbackPath: string;
  /** Label of the single sign-on button; null when OIDC is not configured. */
  ssoName: string | null;
  /** `?error=` from a redirect back to this page (SSO refusals land here). */
  initialError?: string | null;
  /** next-auth's CSRF token (its cookie set by the proxy): the form then works as a plain POST. */
  csrfToken?: string;
};

/** Where the form posts when script has not taken it over: next-auth's credentials callback. */
export const CREDENTIALS_ACTION = "/api/auth/callback/credentials";

const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** The server refuses longer addresses as invalid (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;

export function LoginForm({ callbackPath, ssoName, initialError, csrfToken = "" }: LoginFormProps) {
  const t = useTranslations("auth");
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<SignInProblem | "network" | "ready" | null>(() => describeSignInError(initialError));
  // initialError's wait is not counted down: the URL does not say when it was given.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<"credentials" | "sso" | null>(null);
  // A wait or lock counts down to its end (then the text goes), from when the answer came.
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState<SignInProblem | null>(null);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const ms = deadline - Date.now();
      if (ms > 0) return setLeft(describeSignInError(lockedErrorCode(ms)));
      setDeadline(null);
      setLeft(null);
      // Said, not a blank: a try refused for a wait left no other word on the form.
      setProblem("ready");
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const message = problemText(problem, t);
  const countdown = deadline !== null ? problemText(left ?? problem, t) : null;

  function refuse(code: string) {
    setProblem(describeSignInError(code));
    const seconds = waitSeconds(code);
    setLeft(null);
    setDeadline(seconds === undefined ? null : Date.now() + seconds * 1000);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const errors: FieldErrors = {};
    if (!email) errors.email = t("errors.emailRequired");
    else if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) errors.email = t("errors.emailInvalid");
    if (!password) errors.password = t("errors.passwordRequired");
    setFieldErrors(errors);
    setProblem(null);
    setDeadline(null);
    if (errors.email || errors.password) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setPending("credentials");
    try {
      const result = await signIn("credentials", { email, password, callbackUrl: callbackPath });
      if (result?.ok && !result.error) {
        // A full navigation, so the server renders the next page with the new session cookie.
        // Checked again here: this line is what actually leaves the page.
        window.location.assign(safeCallbackPath(callbackPath, window.location.origin));
        return;
      }
      refuse(result?.error ?? "unknown");
      passwordRef.current?.select();
    } catch {
      setProblem("network");
    }
    setPending(null);
  }

  async function onSso() {
    setProblem(null);
    setPending("sso");
    try {
      await signIn("oidc", { callbackUrl: callbackPath });
    } catch {
      setProblem("network");
      setPending(null);
    }
  }

  const field =
    "block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-sm " +
    "placeholder:text-zinc-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/40 " +
    "aria-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 " +
    "dark:aria-[invalid=true]:border-red-400";
  const fieldError = "mt-1 text-sm text-red-700 dark:text-red-300";

  return (
    <div className="space-y-6">
      {/* Always in the DOM so that screen readers announce the text when it appears; a countdown's
          ticks are shown, not announced each second (the first text is what is read out). */}
      <div role="alert" aria-live="assertive" aria-atomic="true" id={`${id}-error`}>
        {message ? (
          <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {countdown ? (
              <>
                <span className="sr-only">{message}</span>
                <span aria-hidden="true" data-countdown="">
                  {countdown}
                </span>
              </>
            ) : (
              message
            )}
          </p>
        ) : null}
      </div>

      {/* POST to next-auth, so Enter before the script has loaded (or without it) signs in the same way
          and the password never rides in an address; with script, onSubmit takes over. */}
      <form method="post" action={CREDENTIALS_ACTION} noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending === "credentials"}>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value={callbackPath} />
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
            {t("email")}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? `${id}-email-error` : undefined}
            className={field}
          />
          {fieldErrors.email ? (
            <p id={`${id}-email-error`} className={fieldError}>
              {fieldErrors.email}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="mb-1 block text-sm font-medium">
            {t("password")}
          </label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
            className={field}
          />
          {fieldErrors.password ? (
            <p id={`${id}-password-error`} className={fieldError}>
              {fieldErrors.password}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="primary" disabled={pending !== null} className="h-11 w-full text-base">
          {pending === "credentials" ? t("submitting") : t("submit")}
        </Button>
      </form>

      {ssoName ? (
        <>
          <div className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400" aria-hidden="true">
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            {t("or")}
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
          </div>
          <Button variant="secondary" onClick={onSso} disabled={pending !== null} className="h-11 w-full text-base">
            {pending === "sso" ? t("ssoRedirecting", { name: ssoName }) : t("sso", { name: ssoName })}
          </Button>
        </>
      ) : null}
    </div>
  );
}

function problemText(problem: SignInProblem | "network" | "ready" | null, t: ReturnType<typeof useTranslations<"auth">>): string | null {
  if (!problem) return null;
  if (problem === "network") return t("errors.network");
  if (problem === "ready") return t("errors.waitOver");
  return signInMessage(problem, (key, values) => t(key as "errors.wait", values as { seconds: number }));
}
