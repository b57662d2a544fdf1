import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "@/app/api/_tests/harness";
import { resetServiceForTests } from "@/lib/server/upstream-service";
import { campaignPlatforms, reportOf } from "./reports";

/*
 * A list row's text (media not known) and the post page (media known) ask for the same text's
 * report. The row's must not stand for the page: a Telegram caption's limit is 1,024, a text's 4,096,
 * so the page would say «✓ Чисто» beside its own red over-limit flag.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  resetServiceForTests({ fromEnv: true });
});
afterAll(async () => h?.close());

describe("a report made without knowing the media", () => {
  it("is made again once the post's media are known, and then finds the caption's limit", async () => {
    const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
    const { campaigns } = (await res.json()) as { campaigns: { id: number }[] };
    let campaign: number | undefined;
    for (const c of campaigns) if ((await campaignPlatforms(c.id, "interactive"))?.includes("TELEGRAM")) campaign = c.id;
    expect(campaign, "a campaign publishing to Telegram").toBeDefined();
    const text = "Длинная подпись к фото. ".repeat(60);
    expect(text.length).toBeGreaterThan(1024);
    const subject = { task_id: 990_001, campaign_id: campaign!, status: "WAITING_APPROVAL", text, created_at: new Date().toISOString() };
    const row = await reportOf(subject);
    expect(row.findings.filter((f) => f.rule === "platform_limit")).toEqual([]);
    const media = { post_type: "image", images: [{ url: "https://cdn.example.com/a.jpg", is_selected: true, in_album: false, source: "user_uploaded" }], video: null, documents: [], expires_in: 3600 };
    const page = await reportOf({ ...subject, media: media as never });
    expect(page.findings.some((f) => f.rule === "platform_limit")).toBe(true);
    expect(page.verdict).not.toBe("clean");
    // A row's read afterwards takes the page's report: it knows more.
    expect((await reportOf(subject)).verdict).toBe(page.verdict);
  });
});
