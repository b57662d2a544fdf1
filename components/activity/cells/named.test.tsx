// @vitest-environment jsdom
// The activity page's cells say who and what in words: a guest by name with «гость по ссылке»,
// never `external:Имя`; a post by number and title; a campaign by name (by number when unknown).
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import commonEn from "@/messages/en/common.json";
import reviewEn from "@/messages/en/review.json";
import common from "@/messages/ru/common.json";
import review from "@/messages/ru/review.json";
import { SessionsTable } from "@/components/admin/sessions-table";
import type { AdminSession } from "@/lib/queries/admin-sessions";
import { CampaignCell, PersonCell, PostCell } from "./named";

afterEach(cleanup);

const inRu = (ui: React.ReactNode) => render(<NextIntlClientProvider locale="ru" timeZone="Europe/Moscow" messages={{ common, review }}>{ui}</NextIntlClientProvider>);
const inEn = (ui: React.ReactNode) => render(<NextIntlClientProvider locale="en" timeZone="Europe/Moscow" messages={{ common: commonEn, review: reviewEn }}>{ui}</NextIntlClientProvider>);

describe("activity cells", () => {
  it("show a link visitor as their name and «гость по ссылке», never external:<name>", () => {
    const { container } = inRu(<PersonCell name="Ирина" email="external:Ирина" role="external" />);
    expect(container.textContent).toBe("Иринагость по ссылке");
    expect(container.textContent).not.toContain("external");
  });

  it("show a team member's role in words and their email", () => {
    inEn(<PersonCell name="Anna" email="anna@example.com" role="editor" />);
    expect(screen.getByText("editor")).toBeTruthy();
    expect(screen.getByText("anna@example.com")).toBeTruthy();
  });

  it("name a post by number and title, and a campaign by name or number", () => {
    inRu(
      <>
        <PostCell id={1164} title="☕ Кофе дня: раф" />
        <CampaignCell id={101} name="Утренний кофе" />
        <CampaignCell id={7} name={null} />
      </>,
    );
    const post = screen.getByRole("link", { name: "Пост №1164: ☕ Кофе дня: раф" });
    expect(post.getAttribute("href")).toBe("/posts/1164");
    expect(screen.getByText("☕ Кофе дня: раф")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Утренний кофе" }).getAttribute("href")).toBe("/campaigns/101");
    expect(screen.getByRole("link", { name: "Кампания №7" })).toBeTruthy();
  });
});

describe("sessions", () => {
  const session = (provider: string): AdminSession =>
    ({ id: provider.length, user_email: "anna@example.com", user_name: "Анна", role: "editor", provider, created_at: "2026-11-20T06:00:00Z", last_seen_at: "2026-11-20T07:00:00Z", expires_at: "2026-11-27T06:00:00Z", ip: null, user_agent: null, active: true, revoked_reason: null, revoked_by: null }) as unknown as AdminSession;

  it("say the sign-in method in words, in both languages", () => {
    inRu(<SessionsTable sessions={[session("credentials"), session("oidc")]} onEnd={() => {}} />);
    expect(screen.getByText("Вход по паролю")).toBeTruthy();
    expect(screen.getByText("Единый вход (SSO)")).toBeTruthy();
    expect(screen.queryByText("credentials")).toBeNull();
    cleanup();
    inEn(<SessionsTable sessions={[session("credentials")]} onEnd={() => {}} />);
    expect(screen.getByText("Password sign-in")).toBeTruthy();
  });
});
