"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Last resort for a page that failed outside its panels' own error states. */
export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common");
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <h1 className="text-xl font-semibold">{t("error.title")}</h1>
      <p className="mt-2 text-sm">{t("error.body")}</p>
      {error.digest && <p className="mt-1 font-mono text-xs">{error.digest}</p>}
      <Button className="mt-4" onClick={reset}>
        {t("retry")}
      </Button>
    </div>
  );
}
