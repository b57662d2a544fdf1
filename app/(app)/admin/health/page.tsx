import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HealthView } from "@/components/admin/health/health-view";
import { getCurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("insights.health");
  return { title: t("title") };
}

// Polled in the browser every 5 s; GET /api/admin/health refuses non-admins anyway.
export default async function HealthPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("insights.health")]);
  if (!user || !can(user.role, "health:detail")) {
    return (
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p role="status" className="rounded-md border border-zinc-300 bg-zinc-50 p-4 text-sm dark:border-zinc-700 dark:bg-zinc-900">
          {t("notAllowed")}
        </p>
      </div>
    );
  }
  return <HealthView />;
}
