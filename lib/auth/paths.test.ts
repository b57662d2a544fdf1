import { describe, expect, it } from "vitest";
import { isApiPath, isPublicPath } from "./paths";

describe("public paths", () => {
  it.each(["/login", "/api/auth/session", "/api/auth/callback/oidc", "/api/health", "/api/metrics", "/api/webhooks/post", "/_next/static/x.js", "/favicon.ico", "/robots.txt", "/logo.svg"])(
    "%s is public",
    (path) => expect(isPublicPath(path)).toBe(true),
  );

  it.each(["/", "/campaigns", "/posts/1", "/api/campaigns", "/api/healthz", "/api/authx", "/loginx", "/api/posts/1/export.csv"])(
    "%s needs a session",
    (path) => expect(isPublicPath(path)).toBe(false),
  );

  it("tells API paths apart from pages", () => {
    expect(isApiPath("/api/campaigns")).toBe(true);
    expect(isApiPath("/api")).toBe(true);
    expect(isApiPath("/apis")).toBe(false);
  });
});
