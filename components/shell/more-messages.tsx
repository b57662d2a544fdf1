"use client";

import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from "next-intl";
import { useMemo } from "react";

/**
 * Adds a page's message areas to the shell's (components/shell/page-messages.tsx). The nested
 * provider inherits the time zone, formats and formatter cache of the root one (use-intl's
 * IntlProvider reads its parent); only `messages` is replaced, by the shell's areas plus these.
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

/**
 * For content a page hands to something mounted outside its tree, under the root provider only:
 * the undo toast's text and button render inside the toaster (components/ui/toaster.tsx), which
 * sees the shell's areas. The page passes its own messages (`useMessages()`) along with the content.
 */
export function CarryMessages({ messages, children }: { messages: AbstractIntlMessages; children: React.ReactNode }) {
  const locale = useLocale();
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
