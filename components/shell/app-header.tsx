import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { NotificationBell } from "@/components/notify/notification-bell";
import { can, type SessionUser } from "@/lib/auth/roles";
import { LocaleSwitch } from "./locale-switch";
import { MobileMenu } from "./mobile-menu";
import { MoreMenu } from "./more-menu";
import { NavLinks, type NavItem } from "./nav-links";
import { ThemeSwitch } from "./theme-switch";

/** The header of every signed-in page: name, navigation, who is signed in, language, theme, sign-out. */
export async function AppHeader({ user }: { user: SessionUser | null }) {
  const t = await getTranslations("common");
  const items: NavItem[] = [
    { href: "/", label: t("nav.overview") },
    // Everyone may read the inbox; only editors and admins decide there (the page says so).
    { href: "/inbox", label: t("nav.inbox"), count: "inbox" },
    { href: "/campaigns", label: t("nav.campaigns") },
    { href: "/calendar", label: t("nav.calendar") },
    { href: "/projects", label: t("nav.projects"), more: true },
  ];
  // The audit log is for admins and managers (the API refuses others anyway).
  if (user && can(user.role, "audit:read")) items.push({ href: "/activity", label: t("nav.activity"), more: true });
  if (user && can(user.role, "analytics:review")) items.push({ href: "/analytics/review", label: t("nav.reviewAnalytics"), more: true });
  if (user && can(user.role, "analytics:review")) items.push({ href: "/reports", label: t("nav.reports"), more: true });
  if (user && can(user.role, "sessions:manage")) items.push({ href: "/admin/sessions", label: t("sessions.nav"), more: true });
  if (user && can(user.role, "health:detail")) items.push({ href: "/admin/health", label: t("nav.health"), more: true });

  const account = (
    <>
      {user && (
        <p className="text-sm leading-tight" data-testid="current-user">
          <span className="sr-only">{t("signedInAs")} </span>
          <Link href="/profile" className="font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
            {user.name}
          </Link>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t(`roles.${user.role}`)}</span>
        </p>
      )}
      <LocaleSwitch />
      <ThemeSwitch />
      {user && <SignOutButton />}
    </>
  );

  return (
    <header className="relative border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-2">
        <Link
          href="/"
          className="shrink-0 rounded-md py-1 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {t("appName")}
        </Link>
        <nav aria-label={t("mainNav")} className="hidden items-center gap-1 lg:flex">
          <NavLinks items={items.filter((i) => !i.more)} />
          <MoreMenu items={items.filter((i) => i.more)} />
        </nav>
        <div className="ml-auto hidden items-center gap-3 lg:flex">
          {user && <NotificationBell />}
          {account}
        </div>
        {/* On a phone the bell stays in the header, beside the menu button. */}
        <div className="ml-auto flex items-center gap-2 lg:hidden">
          {user && <NotificationBell />}
          <MobileMenu items={items}>{account}</MobileMenu>
        </div>
      </div>
    </header>
  );
}
