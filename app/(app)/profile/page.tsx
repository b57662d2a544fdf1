import type { Metadata } from "next";
import { getFormatter, getTimeZone, getTranslations } from "next-intl/server";
import { NotifySettingsForm } from "@/components/notify/settings-form";
import { TelegramSection } from "@/components/telegram/telegram-section";
import { MaxSection } from "@/components/max/max-section";
import { LandingForm } from "@/components/profile/landing-form";
import { TimeZoneForm } from "@/components/profile/time-zone-form";
import { teamTimeZone } from "@/lib/server/profile/request-zone";
import { getOwnLanding } from "@/lib/server/profile/landing";
import { getOwnTimeZone } from "@/lib/server/profile/time-zone";
import { defaultLanding, LANDINGS } from "@/lib/auth/landing";
import { requireCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { ReportSubscriptionsSection } from "@/components/reports/subscriptions-section";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notify.profile");
  return { title: t("title") };
}

// The person's own account and notification settings (every role). Settings load in the browser: they are the database's, not the upstream's.
export default async function ProfilePage() {
  const [user, t, common] = await Promise.all([requireCurrentUser(), getTranslations("notify"), getTranslations("common")]);
  const own = await getOwnTimeZone(user.email).catch(() => null);
  const ownLanding = await getOwnLanding(user.email).catch(() => null);
  const landingPages = Object.fromEntries(LANDINGS.map((l) => [l, t(`profile.landingPages.${l}`)])) as Record<(typeof LANDINGS)[number], string>;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("profile.title")}</h1>
      <section aria-labelledby="profile-account" className="rounded-md border border-zinc-300 p-4 dark:border-zinc-700">
        <h2 id="profile-account" className="mb-2 text-lg font-semibold">
          {t("profile.account")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">{t("profile.name")}</dt>
          <dd data-testid="profile-name">{user.name}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("profile.email")}</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("profile.role")}</dt>
          <dd>{common(`roles.${user.role}`)}</dd>
        </dl>
      </section>
      <section aria-labelledby="profile-landing" className="flex flex-col gap-3 rounded-md border border-zinc-300 p-4 dark:border-zinc-700">
        <h2 id="profile-landing" className="text-lg font-semibold">
          {t("profile.landing")}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("profile.landingIntro")}</p>
        <LandingForm
          own={ownLanding}
          texts={{
            label: t("profile.landing"),
            role: t("profile.landingRole", { page: landingPages[defaultLanding(user.role)] }),
            save: t("profile.landingSave"),
            saved: t("profile.landingSaved"),
            pages: landingPages,
          }}
        />
      </section>
      <section aria-labelledby="profile-time-zone" className="flex flex-col gap-3 rounded-md border border-zinc-300 p-4 dark:border-zinc-700">
        <h2 id="profile-time-zone" className="text-lg font-semibold">
          {t("profile.timeZone")}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("profile.timeZoneIntro")}</p>
        {/* Written by the request's own formatter: the zone next-intl carries to every time on every page. */}
        <p className="text-sm" data-testid="time-zone-now">
          {t("profile.timeZoneNow", { zone: await getTimeZone(), time: (await getFormatter()).dateTime(new Date(), { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) })}
        </p>
        <TimeZoneForm
          own={own}
          zones={Intl.supportedValuesOf("timeZone")}
          texts={{ label: t("profile.timeZone"), team: t("profile.timeZoneTeam", { zone: teamTimeZone() }), save: t("profile.timeZoneSave"), saved: t("profile.timeZoneSaved") }}
        />
      </section>
      <section aria-labelledby="profile-notifications" className="flex flex-col gap-3">
        <h2 id="profile-notifications" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("profile.intro")}</p>
        <NotifySettingsForm />
      </section>
      {can(user.role, "analytics:review") && <ReportSubscriptionsSection email={user.email} />}
      <section aria-labelledby="profile-telegram" className="flex flex-col gap-3 rounded-md border border-zinc-300 p-4 dark:border-zinc-700">
        <h2 id="profile-telegram" className="text-lg font-semibold">
          {t("telegram.title")}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("telegram.intro")}</p>
        <TelegramSection />
      </section>
      <section aria-labelledby="profile-max" className="flex flex-col gap-3 rounded-md border border-zinc-300 p-4 dark:border-zinc-700">
        <h2 id="profile-max" className="text-lg font-semibold">
          {t("max.title")}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("max.intro")}</p>
        <MaxSection />
      </section>
    </div>
  );
}
