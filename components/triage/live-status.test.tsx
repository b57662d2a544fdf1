// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import review from "@/messages/en/review.json";
import { LiveStatus } from "./live-status";

const wrap = (children: React.ReactNode) => (
  <NextIntlClientProvider locale="en" messages={{ review }}>
    {children}
  </NextIntlClientProvider>
);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("LiveStatus", () => {
  it("renders no age on the server, so a page with its rows in the HTML hydrates without a mismatch", () => {
    const html = renderToString(wrap(<LiveStatus fetchedAt={new Date(Date.now() - 30_000).toISOString()} ids={[1]} viewKey="v" refreshing={false} />));
    expect(html).not.toMatch(/Updated/);
  });

  it("shows the age once mounted in the browser", async () => {
    vi.useFakeTimers();
    render(wrap(<LiveStatus fetchedAt={new Date(Date.now() - 30_000).toISOString()} ids={[1]} viewKey="v" refreshing={false} />));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText("Updated 30 s ago")).toBeTruthy();
  });
});
