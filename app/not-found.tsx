import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { NotFoundState } from "@/components/not-found/not-found-state";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { getCurrentUser } from "@/lib/server/auth/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.notFound");
  return { title: t("title") };
}

/**
 * A path no route matches, or notFound() outside the signed-in group. Outside
 * the shell, so it also serves someone signed out (a public prefix such as
 * /login/…, or an ended session): the frame of the sign-in page, and a way
 * back that works for whoever is reading.
 */
export default async function RootNotFound() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("common")]);
  const home = user ? "/" : "/login";
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="flex items-center justify-between gap-2 p-3 sm:p-4">
        <Link href={home} className="rounded-md px-1 font-semibold focus-visible:outline-2 focus-visible:outline-blue-600">
          {t("appName")}
        </Link>
        <div className="flex gap-2">
          <LocaleSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <NotFoundState signedIn={user !== null} />
      </main>
    </div>
  );
}
