// @vitest-environment jsdom
// The 404 pages: translated (Russian by default, English on the cookie) with a way back that works.
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AppNotFound from "@/app/(app)/not-found";
import RootNotFound, { generateMetadata } from "@/app/not-found";
import type { Locale } from "@/i18n/config";
import en from "@/messages/en/common.json";
import ru from "@/messages/ru/common.json";
import { NotFoundState } from "./not-found-state";

const state = vi.hoisted(() => ({ locale: "ru" as "ru" | "en", user: null as null | { name: string } }));
vi.mock("@/lib/server/auth/current-user", () => ({ getCurrentUser: async () => state.user }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh() {} }) }));
// What i18n/request.ts gives the server components: the cookie's language.
vi.mock("next-intl/server", async () => {
  const { createTranslator: create } = await import("next-intl");
  const messages = { ru: { common: (await import("@/messages/ru/common.json")).default }, en: { common: (await import("@/messages/en/common.json")).default } };
  return { getTranslations: async (namespace: string) => create({ locale: state.locale, messages: messages[state.locale], namespace: namespace as "common" }) };
});

const messages = { ru: { common: ru }, en: { common: en } };

function show(ui: React.ReactElement, locale: Locale) {
  return render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Europe/Moscow">
      {ui}
    </NextIntlClientProvider>,
  );
}

const linkBack = () => within(screen.getByTestId("not-found")).getByRole("link");

beforeEach(() => {
  state.locale = "ru";
  state.user = null;
});
afterEach(cleanup);

describe("NotFoundState", () => {
  it("is Russian by default and leads a signed-in person to the overview", () => {
    show(<NotFoundState signedIn />, "ru");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Страница не найдена");
    expect(screen.getByText("Ошибка 404")).toBeTruthy();
    expect(linkBack().textContent).toBe("На главную");
    expect(linkBack().getAttribute("href")).toBe("/");
  });

  it("speaks English and leads a signed-out person to the sign-in page", () => {
    show(<NotFoundState signedIn={false} />, "en");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    expect(screen.getByText("This page does not exist, or you need to sign in to open it.")).toBeTruthy();
    expect(linkBack().textContent).toBe("Sign in");
    expect(linkBack().getAttribute("href")).toBe("/login");
  });
});

describe("app/not-found (unknown paths, outside the shell)", () => {
  it("signed out: Russian, a way to sign in, the language and theme switches", async () => {
    show(await RootNotFound(), "ru");
    expect(screen.getByRole("main").textContent).toContain("Страница не найдена");
    expect(linkBack().getAttribute("href")).toBe("/login");
    expect(screen.getByRole("group", { name: ru.language })).toBeTruthy();
    expect(screen.getByRole("link", { name: ru.appName }).getAttribute("href")).toBe("/login");
  });

  it("signed in, English on the cookie: back to the overview", async () => {
    state.locale = "en";
    state.user = { name: "Anna" };
    show(await RootNotFound(), "en");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    expect(linkBack().textContent).toBe("Go to the overview");
    expect(linkBack().getAttribute("href")).toBe("/");
  });

  it("has a translated title", async () => {
    expect((await generateMetadata()).title).toBe(ru.notFound.title);
    state.locale = "en";
    expect((await generateMetadata()).title).toBe(en.notFound.title);
  });
});

describe("app/(app)/not-found (notFound() in a signed-in page)", () => {
  it("shows the state with the way back to the overview", () => {
    show(<AppNotFound />, "en");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(en.notFound.title);
    expect(linkBack().getAttribute("href")).toBe("/");
  });
});
