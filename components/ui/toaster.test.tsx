// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { ThemeProvider } from "next-themes";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, headerOptionsFrom } from "@/lib/edge/security-headers.mjs";
import common from "@/messages/ru/common.json";
import { decisionToastId, notify, setToastBottomInset, Toaster } from "./toaster";

/** jsdom has no matchMedia: `wide` answers the toaster's width query, dark the colour scheme. */
function stubMedia({ wide }: { wide: boolean }) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("min-width") ? wide : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

function renderToaster(theme?: "dark") {
  return render(
    <NextIntlClientProvider locale="ru" messages={{ common }}>
      <ThemeProvider attribute="class" enableSystem={false} defaultTheme={theme ?? "light"}>
        <Toaster />
      </ThemeProvider>
    </NextIntlClientProvider>,
  );
}

const toastOf = (text: string | RegExp) => screen.getByText(text).closest("[data-sonner-toast]") as HTMLElement;

beforeEach(() => stubMedia({ wide: true }));
afterEach(async () => {
  act(() => void toast.dismiss());
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  cleanup();
  vi.unstubAllGlobals();
});

// sonner loads lazily on the first toast: on a busy machine that import alone can take seconds.
describe("Toaster and notify", () => {
  it("is a labelled, translated region at the bottom left on wide screens", async () => {
    renderToaster();
    act(() => void notify("success", "№1: Пост согласован"));
    await waitFor(() => expect(screen.getByText("№1: Пост согласован")).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByRole("region").getAttribute("aria-label")).toMatch(/^Уведомления/);
    const list = toastOf("№1: Пост согласован").closest("[data-sonner-toaster]") as HTMLElement;
    expect([list.dataset.yPosition, list.dataset.xPosition]).toEqual(["bottom", "left"]);
    expect(list.dataset.sonnerTheme).toBe("light");
    expect(within(toastOf("№1: Пост согласован")).getByRole("button", { name: "Закрыть уведомление" })).toBeTruthy();
  });

  it("stays off the header on narrow screens: bottom centre, raised above a bottom sheet while it shows", async () => {
    stubMedia({ wide: false });
    renderToaster();
    act(() => void notify("info", "Сообщение"));
    await waitFor(() => expect(screen.getByText("Сообщение")).toBeTruthy(), { timeout: 10_000 });
    const list = () => toastOf("Сообщение").closest("[data-sonner-toaster]") as HTMLElement;
    expect([list().dataset.yPosition, list().dataset.xPosition]).toEqual(["bottom", "center"]);
    act(() => setToastBottomInset("sheet", 300));
    await waitFor(() => expect(list().style.getPropertyValue("--mobile-offset-bottom")).toBe("316px"));
    act(() => setToastBottomInset("sheet", 0));
    await waitFor(() => expect(list().style.getPropertyValue("--mobile-offset-bottom")).toBe("16px"));
  });

  it("gives each post its own toast: a new message for the post replaces it in place, never ×N", async () => {
    renderToaster();
    act(() => {
      notify("info", "№7: отправляется", { id: decisionToastId(7) });
      notify("info", "№8: отправляется", { id: decisionToastId(8) });
    });
    await waitFor(() => expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(2), { timeout: 10_000 });
    act(() => {
      notify("success", "№7: Пост согласован", { id: decisionToastId(7) });
      notify("success", "№8: Пост согласован", { id: decisionToastId(8) });
    });
    await waitFor(() => expect(screen.getByText("№8: Пост согласован")).toBeTruthy());
    expect(screen.getByText("№7: Пост согласован")).toBeTruthy();
    expect(screen.queryByText(/отправляется/)).toBeNull();
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(2);
    expect(document.body.textContent).not.toContain("×");
  });

  it("follows the dark theme", async () => {
    renderToaster("dark");
    act(() => void notify("error", "Ошибка"));
    await waitFor(() => expect(screen.getByText("Ошибка")).toBeTruthy(), { timeout: 10_000 });
    expect((toastOf("Ошибка").closest("[data-sonner-toaster]") as HTMLElement).dataset.sonnerTheme).toBe("dark");
  });

  it("counts repeats of a group into one toast with ×N, the latest text shown", async () => {
    renderToaster();
    act(() => void notify("success", "№1: Пост согласован", { group: "decision" }));
    await waitFor(() => expect(screen.getByText("№1: Пост согласован")).toBeTruthy(), { timeout: 10_000 });
    act(() => void notify("success", "№2: Пост согласован", { group: "decision" }));
    act(() => void notify("success", "№3: Пост согласован", { group: "decision" }));
    await waitFor(() => expect(screen.getByText("×3")).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByText("№1: Пост согласован")).toBeNull();
    const item = toastOf("№3: Пост согласован");
    expect(item.textContent).toContain("3 уведомления этого вида");
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
  });

  it("keeps kinds apart, shows a warning's notes, and repeats of the same text count without a group", async () => {
    renderToaster();
    act(() => {
      notify("success", "№4: Пост согласован", { group: "decision" });
      notify("warning", "№5: Пост согласован", { notes: ["Анна (anna@example.com) уже согласовала этот пост"] });
      notify("error", "№6: не получилось. Сервис недоступен");
      notify("error", "№6: не получилось. Сервис недоступен");
    });
    await waitFor(() => expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(3));
    expect(toastOf("№5: Пост согласован").dataset.type).toBe("warning");
    expect(within(toastOf("№5: Пост согласован")).getByText(/anna@example.com/)).toBeTruthy();
    expect(toastOf("№6: не получилось. Сервис недоступен").dataset.type).toBe("error");
    expect(within(toastOf("№6: не получилось. Сервис недоступен")).getByText("×2")).toBeTruthy();
    expect(toastOf("№4: Пост согласован").textContent).not.toContain("×");
  });
});

describe("the page CSP and sonner's injected styles", () => {
  it("style-src allows inline <style> and style attributes (sonner 2 takes no nonce)", () => {
    const policy = contentSecurityPolicy(headerOptionsFrom({}), "bm9uY2U=");
    const styleSrc = policy.split("; ").find((d) => d.startsWith("style-src "));
    expect(styleSrc).toContain("'unsafe-inline'");
    // A nonce or hash in style-src would switch 'unsafe-inline' off and break the toasts.
    expect(styleSrc).not.toMatch(/'nonce-|'sha(256|384|512)-/);
    expect(document.querySelector("style")?.textContent).toContain("[data-sonner-toaster]");
  });
});
