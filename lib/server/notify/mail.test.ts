import { describe, expect, it } from "vitest";
import { renderDigest, teamSentence } from "./mail";

// A deadline at 18:30 UTC: 21:30 on the 27th in Moscow, 01:30 on the 28th in Novosibirsk.
const deadline = { kind: "deadline", task_id: 7, actor_name: null, detail: { planned_at: "2026-11-27T18:30:00Z", hours: 2 } };

describe("mailed and webhook times", () => {
  it("are in the recipient's time zone, in their language", () => {
    const nsk = renderDigest("anna@example.com", [deadline], "en", "https://dash.example", "Asia/Novosibirsk");
    // Named by its offset: a mail is read away from the screen that says which zone applies.
    expect(nsk.text).toMatch(/28\/11,? 01:30 GMT\+7/);
    expect(nsk.html).toMatch(/28\/11,? 01:30 GMT\+7/);
    const msk = renderDigest("anna@example.com", [deadline], "ru", "https://dash.example", "Europe/Moscow");
    expect(msk.text).toMatch(/27\.11,? 21:30 (MSK|GMT\+3)/);
  });

  it("the team channel's sentence is in the team's zone", () => {
    expect(teamSentence(deadline, [], "Asia/Novosibirsk")).toMatch(/28\.11,? 01:30 GMT\+7/);
    expect(teamSentence(deadline, [], "Europe/Moscow")).toMatch(/27\.11,? 21:30 (MSK|GMT\+3)/);
  });
});
