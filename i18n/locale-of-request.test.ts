import { describe, expect, it } from "vitest";
import { localeOfRequest } from "./locale-of-request";

const of = (headers: Record<string, string>) => localeOfRequest({ headers: new Headers(headers) });

describe("localeOfRequest", () => {
  it("takes the chosen language, then Accept-Language, else Russian", () => {
    expect(of({ cookie: "a=1; NEXT_LOCALE=en" })).toBe("en");
    expect(of({ "accept-language": "en-GB,en;q=0.9,ru;q=0.8" })).toBe("en");
    expect(of({})).toBe("ru");
  });

  it("reads a malformed or unknown cookie as no choice we know, without throwing", () => {
    expect(of({ cookie: "NEXT_LOCALE=%E0%A4%A" })).toBe("ru");
    expect(of({ cookie: "NEXT_LOCALE=%E0%A4%A", "accept-language": "en" })).toBe("ru");
    expect(of({ cookie: "NEXT_LOCALE=../../etc/passwd" })).toBe("ru");
  });
});
