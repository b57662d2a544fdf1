import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

const ORIGIN = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it.each([
    ["/campaigns?status=ACTIVE#top", "/campaigns?status=ACTIVE#top"],
    ["/posts/42", "/posts/42"],
    ["http://localhost:3000/activity?page=2", "/activity?page=2"],
    ["/login", "/login"],
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
    "",
    undefined,
    ["/a"],
  ])("refuses %j and falls back to /", (raw) => {
    expect(safeCallbackPath(raw, ORIGIN)).toBe("/");
  });
});
