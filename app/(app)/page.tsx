import { getTranslations } from "next-intl/server";

export default async function OverviewPage() {
  const t = await getTranslations("common");
  return <h1 className="text-2xl font-semibold">{t("nav.overview")}</h1>;
}
