import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_REJECT_CATEGORIES, env, resetEnvForTests } from "./env";

// REJECT_CATEGORIES: the reject categories the routes accept and the dialog offers, in order.

const base = { UPSTREAM_API_KEY: "k", NEXTAUTH_SECRET: "test-secret-at-least-16-chars" };
const saved = { ...process.env };

function envWith(value: string | undefined) {
  process.env = { ...saved, ...base };
  if (value === undefined) delete process.env.REJECT_CATEGORIES;
  else process.env.REJECT_CATEGORIES = value;
  resetEnvForTests();
  return () => env().REJECT_CATEGORIES;
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe("REJECT_CATEGORIES", () => {
  it("defaults to the seven known codes, also when empty", () => {
    expect(envWith(undefined)()).toEqual([...DEFAULT_REJECT_CATEGORIES]);
    expect(envWith(" , ")()).toEqual(["tone", "facts", "legal_risk", "formatting", "media", "duplicate", "other"]);
  });

  it("takes comma-separated codes in their order", () => {
    expect(envWith(" tone, brand_voice ,other")()).toEqual(["tone", "brand_voice", "other"]);
  });

  it("stops start-up on a malformed or repeated code, naming the variable", () => {
    expect(envWith("Tone,facts")).toThrow(/REJECT_CATEGORIES/);
    expect(envWith("tone,legal risk")).toThrow(/REJECT_CATEGORIES/);
    expect(envWith("tone,tone")).toThrow(/listed twice/);
  });
});
