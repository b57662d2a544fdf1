import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as putRules } from "@/app/api/campaigns/[id]/checks/route";
import { call, errorOf, startHarness, type CallOptions, type Harness } from "@/app/api/_tests/harness";

/*
 * Limits in bytes and refusals that name the problem: a body of ~98,600 bytes
 * of Cyrillic (49,300 characters) is over the 64 KB limit, whatever its
 * length in characters; a shortener that is not a domain is said to be one
 * ("expected an integer" before), a phrase of the wrong type to be of the
 * wrong type ("required parameter" before), each under its field's name.
 */

describe("request limits and validation messages (SQLite)", () => {
  let h: Harness;
  let campaign: number;
  const put = (body: unknown) =>
    call(putRules, `/api/campaigns/${campaign}/checks`, { method: "PUT", role: "admin", params: { id: String(campaign) }, body, headers: { "accept-language": "en" } } as unknown as CallOptions);

  beforeAll(async () => {
    h = await startHarness({ DEMO: "1" });
    const res = await fetch(`${h.simUrl}/api/v1/ext/campaigns/?status=ACTIVE`, { headers: { Authorization: "Bearer demo-key" } });
    campaign = ((await res.json()) as { campaigns: { id: number }[] }).campaigns[0]!.id;
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it("counts the body limit in bytes: 98 KB of Cyrillic (49 K characters) are refused with 413 naming the limit", async () => {
    const body = JSON.stringify({ advertiser: "ж".repeat(49_300) });
    expect(body.length).toBeLessThan(64 * 1024);
    expect(Buffer.byteLength(body)).toBeGreaterThan(98_000);
    const res = await put(body);
    expect(res.status).toBe(413);
    const err = await errorOf(res);
    expect(err.code).toBe("payload_too_large");
    expect(err.message).toContain("65536 bytes");
  });

  it("a shortener that is not a domain: the field and 'a domain name'", async () => {
    const res = await put({ links: { allowed_shorteners: ["<script>"] } });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.code).toBe("validation_error");
    expect(err.message).toContain("links.allowed_shorteners.0");
    expect(err.message).toMatch(/expected a domain name/);
    expect(err.message).not.toMatch(/integer/);
  });

  it("a phrase that is a number: the field and 'expected a string', not 'required'", async () => {
    const res = await put({ banned: [{ phrase: 5, severity: "warn" }] });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.message).toContain("banned.0.phrase");
    expect(err.message).toMatch(/expected a string/);
    expect(err.message).not.toMatch(/required/);
  });
});
