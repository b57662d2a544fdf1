import { createTranslator, type Messages } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en/review.json";
import ru from "@/messages/ru/review.json";
import { isMessageKey, labelIn, labelOr } from "./keys";

const translator = (locale: "ru" | "en") =>
  createTranslator({ locale, messages: { review: locale === "ru" ? ru : en } as Pick<Messages, "review">, namespace: "review", onError: () => {} });

describe("isMessageKey", () => {
  const t = translator("ru");

  it("is true for a text", () => {
    expect(isMessageKey(t, "status.FAILED")).toBe(true);
  });

  it("is false for a group, a missing key and inherited object names", () => {
    expect(isMessageKey(t, "status")).toBe(false);
    expect(isMessageKey(t, "status.NOPE")).toBe(false);
    expect(isMessageKey(t, "status.constructor")).toBe(false);
    expect(isMessageKey(t, "status.toString")).toBe(false);
    expect(isMessageKey(t, "")).toBe(false);
  });
});

describe("labelOr", () => {
  it("translates a known value in the interface's language", () => {
    expect(labelOr(translator("ru"), "status", "CANCELED")).toBe("Отменён");
    expect(labelOr(translator("en"), "status", "CANCELED")).toBe("Canceled");
  });

  it("shows an unknown value as it came, even one that looks like a key path", () => {
    const t = translator("en");
    expect(labelOr(t, "status", "ON_HOLD")).toBe("ON_HOLD");
    expect(labelOr(t, "decision.result", "queued.later")).toBe("queued.later");
    expect(labelOr(t, "status", "")).toBe("");
    expect(labelOr(t, "status", "__proto__")).toBe("__proto__");
  });
});

describe("labelIn", () => {
  const inGroup = (locale: "ru" | "en") =>
    createTranslator({ locale, messages: { review: locale === "ru" ? ru : en } as Pick<Messages, "review">, namespace: "review.postType", onError: () => {} });

  it("translates a known value with a translator of the group itself", () => {
    expect(labelIn(inGroup("ru"), "TEXT")).toBe(labelOr(translator("ru"), "postType", "TEXT"));
    expect(labelIn(inGroup("en"), "TEXT")).toBe("Text");
  });

  it("shows an unknown value as it came", () => {
    const t = inGroup("en");
    expect(labelIn(t, "HOLOGRAM")).toBe("HOLOGRAM");
    expect(labelIn(t, "a.b")).toBe("a.b");
    expect(labelIn(t, "constructor")).toBe("constructor");
    expect(labelIn(t, "")).toBe("");
  });
});
