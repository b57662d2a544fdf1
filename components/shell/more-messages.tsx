"use client";

import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

/**
 * Adds a page's message areas to the shell's (components/shell/page-messages.tsx). The nested
 * provider inherits the time zone, formats and formatter cache of the root one (use-intl's
 * IntlProvider reads its parent); only `messages` is replaced, by the shell's areas plus these.
 * Also for content a page hands to something mounted outside its tree, under the root provider
 * only: the undo toast renders inside the toaster, so it takes the page's `useMessages()` along.
 */
export function MoreMessages({ messages, children }: { messages: AbstractIntlMessages; children: React.ReactNode }) {
  const locale = useLocale();
  const shell = useMessages();
  const merged = useMemo(() => ({ ...shell, ...messages }), [shell, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}

