import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SessionsView } from "@/components/admin/sessions-view";
import { getCurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.sessions");
  return { title: t("title") };
}

// The list is fetched in the browser (it changes as people sign in); the routes refuse non-admins anyway.
export default async function SessionsPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("common.sessions")]);
  if (!user || !can(user.role, "sessions:manage")) {
    return (
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p role="status" className="rounded-md border border-zinc-300 bg-zinc-50 p-4 text-sm dark:border-zinc-700 dark:bg-zinc-900">
          {t("notAllowed")}
        </p>
      </div>
    );
  }
  return <SessionsView />;
}
