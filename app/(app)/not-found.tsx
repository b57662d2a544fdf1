import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";

export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">{t("notFound.body")}</p>
      <Link href="/" className={buttonVariants({ variant: "primary", className: "mt-6" })}>
        {t("notFound.home")}
      </Link>
    </div>
  );
}
