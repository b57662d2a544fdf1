import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button";

/**
 * The 404 state of both not-found pages: what happened, in the interface's
 * language, and the one way back that works for this person (the overview
 * when signed in, the sign-in page when not). No client code: the root
 * not-found is sent with every page.
 */
export function NotFoundState({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("common.notFound");
  return (
    <section
      aria-labelledby="not-found-title"
      data-testid="not-found"
      className="mx-auto w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{t("code")}</p>
      <h1 id="not-found-title" className="mt-1 text-xl font-semibold tracking-tight sm:text-2xl">
        {t("title")}
      </h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{signedIn ? t("body") : t("bodySignedOut")}</p>
      <Link href={signedIn ? "/" : "/login"} className={buttonVariants({ variant: "primary", className: "mt-6" })}>
        {signedIn ? t("home") : t("signIn")}
      </Link>
    </section>
  );
}
