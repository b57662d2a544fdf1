"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState } from "react";
import type { TableLayout } from "@/components/ui/data-table/layout-hint";
import { TableLayoutHint } from "@/components/ui/data-table/use-layout";
import { Toaster } from "@/components/ui/toaster";
import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * `nonce`: the page's CSP script nonce, for next-themes' inline script that sets the theme before paint.
 * `tableLayout`: which layout of the tables the server renders, from the browser's client hint.
 */
export function Providers({ children, nonce, tableLayout = "both" }: { children: React.ReactNode; nonce?: string; tableLayout?: TableLayout }) {
  // One client per browser session; created lazily so server renders never share it.
  const [client] = useState(makeQueryClient);
  return (
    // No disableTransitionOnChange: next-themes applies the theme again as it mounts, and with that
    // option each time adds and removes a style on every element, two full style recalculations of
    // the page (~30 ms each on this machine, 4x that on a phone) while it hydrates. The theme
    // switch stops transitions itself when a person changes the theme (theme-switch.tsx).
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem nonce={nonce}>
      <QueryClientProvider client={client}>
        {/* URL state (filters, sort, page) through nuqs: one adapter for every page. */}
        <NuqsAdapter>
          <TableLayoutHint value={tableLayout}>{children}</TableLayoutHint>
        </NuqsAdapter>
      </QueryClientProvider>
      {/* The one toaster of every page, themed with next-themes. */}
      <Toaster />
    </ThemeProvider>
  );
}
