import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { START_PATH } from "@/lib/auth/landing";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { LOGIN_CSRF_HEADER } from "@/lib/auth/login-csrf";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { DEMO_PASSWORD, DEMO_USERS } from "@/lib/auth/demo-users";
import { env } from "@/lib/env";

// Outside the (app) group on purpose: no shell, nothing that needs a session.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const e = env();
  // No destination of their own: each role lands on its page (/start redirects by role).
  const asked = first(params.callbackUrl);
  const callbackPath = asked ? safeCallbackPath(asked, new URL(e.NEXTAUTH_URL).origin) : START_PATH;
  // Someone already signed in who lands here (bookmark, back button) goes on to where they were heading.
  if (await getCurrentUser()) redirect(callbackPath);

  const t = await getTranslations("auth");
  const ssoName = e.OIDC_ISSUER ? e.OIDC_NAME : null;
  // Set by the proxy (its cookie beside it), so the form also signs in as a plain POST without script.
  const csrfToken = (await headers()).get(LOGIN_CSRF_HEADER) ?? "";

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      {/* The shell's own switches: the same look and the same cookie as on every other page. */}
      <header className="flex justify-end gap-2 p-3 sm:p-4">
        <LocaleSwitch />
        <ThemeSwitch />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t("heading")}</h1>
          <p className="mt-2 mb-6 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
          <LoginForm callbackPath={callbackPath} csrfToken={csrfToken} ssoName={ssoName} initialError={first(params.error) ?? null} />
          {e.DEMO ? (
            <section aria-labelledby="demo-title" className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
              <h2 id="demo-title" className="font-medium">
                {t("demo.title")}
              </h2>
              <ul className="mt-1 font-mono text-xs leading-5">
                {DEMO_USERS.map((u) => (
                  <li key={u.email}>{u.email}</li>
                ))}
              </ul>
              <p className="mt-1">{t("demo.text", { password: DEMO_PASSWORD })}</p>
            </section>
          ) : null}
        </div>
      </main>
    </div>
  );
}
