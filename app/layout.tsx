import type { Metadata } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { Providers } from "@/components/shell/providers";
import { layoutFromMobileHint } from "@/components/ui/data-table/layout-hint";
import { pickMessages, SHELL_AREAS } from "@/i18n/client-areas";
import { EARLY_KEYS_SCRIPT } from "@/lib/keyboard/early-keys";
import { releaseRenderOnEnd } from "@/lib/server/render/release-render";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: { default: t("appName"), template: `%s · ${t("appName")}` } };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Each render, once it ends, lets go of what its abort reason's stack held (lib/server/render/release-render.ts).
  releaseRenderOnEnd();
  const locale = await getLocale();
  // The per-request script nonce from proxy.ts, for the theme script (Next puts it on its own
  // scripts). Reading a request header also keeps every page dynamically rendered, which a
  // nonce needs: a page built once would carry one stale nonce that no policy allows.
  const requestHeaders = await headers();
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  // A phone's Chromium says so on every request: its tables are rendered as cards only (components/ui/data-table/layout-hint.ts).
  const tableLayout = layoutFromMobileHint(requestHeaders.get("sec-ch-ua-mobile"));
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        {/* Records keys pressed before hydration; the queue's keys act on them once it listens (lib/keyboard/early-keys.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_KEYS_SCRIPT }} />
        {/* The shell's message areas only: each page adds its own (i18n/client-areas.ts). */}
        <NextIntlClientProvider messages={pickMessages(await getMessages(), SHELL_AREAS)}>
          <Providers nonce={nonce} tableLayout={tableLayout}>
            {children}
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
