import { getTranslations } from "next-intl/server";

/** First focusable element of every page: jumps past the header to <main id="main">. */
export async function SkipLink() {
  const t = await getTranslations("common");
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-blue-700 px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      {t("skipToContent")}
    </a>
  );
}
