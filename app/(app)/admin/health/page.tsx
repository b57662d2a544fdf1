import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HealthView } from "@/components/admin/health/health-view";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { NotAllowed } from "@/components/ui/not-allowed";
import { withPageMessages } from "@/components/shell/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("insights.health");
  return { title: t("title") };
}

// Polled in the browser every 5 s; GET /api/admin/health refuses non-admins anyway.
async function HealthPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("insights.health")]);
  if (!user || !can(user.role, "health:detail")) {
    return <NotAllowed title={t("title")} message={t("notAllowed")} />;
  }
  return <HealthView />;
}

export default withPageMessages(["insights.health"], HealthPage);
