// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "@/messages/en/auth.json";
import ru from "@/messages/ru/auth.json";
import { LoginForm } from "./login-form";

const signIn = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/auth-client", () => ({ signIn }));

const assign = vi.fn();
beforeEach(() => {
  signIn.mockReset();
  assign.mockReset();
  vi.stubGlobal("location", { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(locale: "ru" | "en" = "ru", props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  return render(
    <NextIntlClientProvider locale={locale} messages={{ auth: locale === "ru" ? ru : en }}>
      <LoginForm callbackPath="/campaigns" ssoName={null} {...props} />
    </NextIntlClientProvider>,
  );
}

async function submit(email: string, password: string, button = "Войти") {
  fireEvent.change(screen.getByLabelText(/Эл. почта|Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Пароль|Password/), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: button })));
}

/** The alert's text as a screen reader gets it (a countdown's first text) and as it is shown. */
const announced = () => screen.getByRole("alert").querySelector(".sr-only")?.textContent ?? screen.getByRole("alert").textContent;
const shown = () => screen.getByRole("alert").querySelector("[data-countdown]")?.textContent ?? screen.getByRole("alert").textContent;

describe("LoginForm", () => {
  it("posts to next-auth with its CSRF token when script has not taken over, never a GET", () => {
    renderForm("ru", { csrfToken: "t0ken", callbackPath: "/inbox" });
    const form = screen.getByLabelText("Пароль").closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/auth/callback/credentials");
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toMatchObject({ csrfToken: "t0ken", callbackUrl: "/inbox" });
  });

  it("labels its fields and flags empty ones without calling the server", async () => {
    renderForm();
    await submit("", "");
    const email = screen.getByLabelText("Эл. почта");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Введите адрес электронной почты.");
    expect(screen.getByLabelText("Пароль").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("signs in with credentials and goes to the callback path", async () => {
    signIn.mockResolvedValue({ ok: true, error: null, status: 200, url: "http://localhost:3000/campaigns" });
    renderForm();
    await submit("anna@example.com", "pw");
    expect(signIn).toHaveBeenCalledWith("credentials", { email: "anna@example.com", password: "pw", callbackUrl: "/campaigns" });
    expect(assign).toHaveBeenCalledWith("/campaigns");
  });

  it("announces wrong credentials in an alert", async () => {
    signIn.mockResolvedValue({ ok: false, error: "CredentialsSignin", status: 401, url: null });
    renderForm();
    await submit("anna@example.com", "bad");
    expect(screen.getByRole("alert").textContent).toBe("Неверная эл. почта или пароль.");
    expect(assign).not.toHaveBeenCalled();
  });

  it("says how long a lock lasts, in English too", async () => {
    signIn.mockResolvedValue({ ok: false, error: "locked:900", status: 429, url: null });
    renderForm("en");
    await submit("anna@example.com", "bad", "Sign in");
    expect(announced()).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(shown()).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
  });

  it("shows an SSO refusal that came back in the URL, and the SSO button when configured", async () => {
    signIn.mockResolvedValue(undefined);
    renderForm("ru", { ssoName: "Keycloak", initialError: "AccessDenied" });
    expect(screen.getByRole("alert").textContent).toMatch(/нет роли/);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Войти через Keycloak" })));
    expect(signIn).toHaveBeenCalledWith("oidc", { callbackUrl: "/campaigns" });
  });

  it("says a short wait in seconds and counts it down, announcing it once", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      signIn.mockResolvedValue({ ok: false, error: "locked:4", status: 429, url: null });
      renderForm();
      await submit("anna@example.com", "bad");
      expect(announced()).toBe("Слишком много попыток. Повторите через 4 секунды.");
      expect(shown()).toBe("Слишком много попыток. Повторите через 4 секунды.");
      await act(async () => vi.advanceTimersByTime(1_000));
      expect(shown()).toBe("Слишком много попыток. Повторите через 3 секунды.");
      // The text read out stays the first one: a screen reader is not told every second.
      expect(announced()).toBe("Слишком много попыток. Повторите через 4 секунды.");
      await act(async () => vi.advanceTimersByTime(2_000));
      expect(shown()).toBe("Слишком много попыток. Повторите через 1 секунду.");
      await act(async () => vi.advanceTimersByTime(1_000));
      // The wait is over: said so, never a blank form after a refused try.
      expect(screen.getByRole("alert").textContent).toBe("Можно попробовать снова.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts a lock down by the minute", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      signIn.mockResolvedValue({ ok: false, error: "locked:300", status: 429, url: null });
      renderForm("en");
      await submit("anna@example.com", "bad", "Sign in");
      expect(shown()).toBe("Too many failed sign-in attempts. Try again in 5 minutes.");
      await act(async () => vi.advanceTimersByTime(61_000));
      expect(shown()).toBe("Too many failed sign-in attempts. Try again in 4 minutes.");
      await act(async () => vi.advanceTimersByTime(200_000));
      expect(shown()).toBe("Too many attempts. Try again in 39 seconds.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("says sign-in is temporarily unavailable when the server cannot check (Redis or the users store down)", async () => {
    signIn.mockResolvedValue({ ok: false, error: "unavailable", status: 401, url: null });
    renderForm();
    await submit("anna@example.com", "pw");
    expect(screen.getByRole("alert").textContent).toBe("Вход временно недоступен. Попробуйте ещё раз через минуту.");
    expect(assign).not.toHaveBeenCalled();
  });

  it("refuses an email longer than the server accepts without calling it", async () => {
    renderForm("en");
    await submit(`${"a".repeat(250)}@example.com`, "pw", "Sign in");
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(signIn).not.toHaveBeenCalled();
  });

  it("does not leave the site even if handed a path that normalises to another host", async () => {
    signIn.mockResolvedValue({ ok: true, error: null, status: 200, url: "http://localhost:3000/" });
    renderForm("ru", { callbackPath: "/..//evil.example/x" });
    await submit("anna@example.com", "pw");
    expect(assign).toHaveBeenCalledWith("/");
  });
});
