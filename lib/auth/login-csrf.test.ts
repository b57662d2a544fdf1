import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { loginCsrf } from "./login-csrf";

// next-auth's own check (not exported by the package, so loaded by path): the cookie must pass it.
const { createCSRFToken } = createRequire(import.meta.url)("../../node_modules/next-auth/core/lib/csrf-token.js") as {
  createCSRFToken: (a: { options: { secret: string }; cookieValue?: string; isPost: boolean; bodyValue?: string }) => { csrfTokenVerified?: boolean };
};
const secret = "s".repeat(32);

describe("loginCsrf", () => {
  it("mints a cookie next-auth accepts with the token posted by the form", async () => {
    const { token, cookie } = await loginCsrf(undefined, secret);
    expect(cookie).toBeDefined();
    const checked = createCSRFToken({ options: { secret }, cookieValue: cookie, isPost: true, bodyValue: token });
    expect(checked.csrfTokenVerified).toBe(true);
  });

  it("keeps a valid cookie's token and sets nothing", async () => {
    const first = await loginCsrf(undefined, secret);
    expect(await loginCsrf(first.cookie, secret)).toEqual({ token: first.token });
  });

  it("replaces a forged or foreign cookie", async () => {
    const forged = await loginCsrf(`${"a".repeat(64)}|${"b".repeat(64)}`, secret);
    expect(forged.cookie).toBeDefined();
    expect(forged.token).not.toBe("a".repeat(64));
    const other = await loginCsrf(undefined, "another-secret-another-secret!!");
    expect((await loginCsrf(other.cookie, secret)).cookie).toBeDefined();
    expect((await loginCsrf("x".repeat(5000), secret)).cookie).toBeDefined();
  });
});
