import { useTranslations } from "next-intl";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { ThemeSwitch } from "@/components/shell/theme-switch";

/**
 * The share page's frame: no navigation (a visitor may go nowhere else),
 * only the language and theme switches the sign-in page has too.
 */
export function ShareShell({ children }: { children: React.ReactNode }) {
  const t = useTranslations("share.page");
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-white px-3 py-2 sm:px-4 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("brand")}</p>
        <div className="flex gap-2">
          <LocaleSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 py-4 sm:px-4 sm:py-6">
        {children}
      </main>
    </div>
  );
}
