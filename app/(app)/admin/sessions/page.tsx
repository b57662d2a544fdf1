import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SessionsView } from "@/components/admin/sessions-view";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { NotAllowed } from "@/components/ui/not-allowed";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.sessions");
  return { title: t("title") };
}

// The list is fetched in the browser (it changes as people sign in); the routes refuse non-admins anyway.
export default async function SessionsPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("common.sessions")]);
  if (!user || !can(user.role, "sessions:manage")) {
    return <NotAllowed title={t("title")} message={t("notAllowed")} />;
  }
  return <SessionsView />;
}
