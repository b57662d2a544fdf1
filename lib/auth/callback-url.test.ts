import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

const ORIGIN = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it.each([
    ["/campaigns?status=ACTIVE#top", "/campaigns?status=ACTIVE#top"],
    ["/posts/42", "/posts/42"],
    ["http://localhost:3000/activity?page=2", "/activity?page=2"],
    ["/login", "/login"],
    ["/posts/42?tab=history&from=%2Fqueue#diff", "/posts/42?tab=history&from=%2Fqueue#diff"],
    ["/campaigns/../activity?x=1", "/activity?x=1"],
    ["/%D0%BE%D1%82%D1%87%D1%91%D1%82", "/%D0%BE%D1%82%D1%87%D1%91%D1%82"],
  ])("keeps the same-origin path %s", (raw, expected) => {
    expect(safeCallbackPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    "https://evil.example/phish",
    "//evil.example/phish",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "http://localhost:3001/",
    "https://localhost:3000/",
    "javascript:alert(1)",
    "data:text/html,hi",
    "campaigns",
    "/\tevil",
    "/api/auth/signout",
    "/api/%61uth/signout",
    // Dot segments that normalise into "//host": checking the input alone let these through.
    "/..//evil.example/x",
    "/%2e%2e//evil.example/x",
    "/%2E%2E//evil.example/x",
    "/a/..//evil.example/x",
    "/.//evil.example/x",
    "/./\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/%252F%252Fevil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0D%0A/evil.example",
    "/\n/evil.example",
    "/\r//evil.example",
    " //evil.example",
    "JAVASCRIPT:alert(1)",
    "javascript://localhost:3000/%0aalert(1)",
    "http://evil.example\\@localhost:3000/",
    "http://localhost:3000@evil.example/",
    "https:evil.example",
    "/%",
    "x".repeat(3000),
    "",
    undefined,
    ["/a"],
  ])("refuses %j and falls back to /", (raw) => {
    expect(safeCallbackPath(raw, ORIGIN)).toBe("/");
  });

  it("never returns something a browser or next-auth would read as another host", () => {
    const tricks = ["/..", "/.", "/%2e", "/%2E%2e", "/a/..", "//", "/\\", "/%2f", "/%5c", "/%09", "/%0a"];
    for (const a of tricks) {
      for (const b of tricks) {
        const path = safeCallbackPath(`${a}${b}evil.example/x`, ORIGIN);
        expect(path.startsWith("/") && !/^\/[/\\]/.test(path), `${a}${b}`).toBe(true);
        expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
        expect(new URL(decodeURIComponent(path), ORIGIN).origin).toBe(ORIGIN);
      }
    }
  });
});
