// The page's script policy, and no worker line: the dashboard starts no Web Worker, so workers fall
// back to script-src (a page's nonce and 'strict-dynamic'), which no worker URL carries.
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, headerOptionsFrom } from "./security-headers.mjs";

const directive = (policy: string, name: string) => policy.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `));

describe("script and worker policy", () => {
  it("lets a page run only its nonce's scripts, and names no worker source, for pages and other answers alike", () => {
    const options = headerOptionsFrom({});
    expect(directive(contentSecurityPolicy(options, "bm9uY2U="), "script-src")).toBe("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(directive(contentSecurityPolicy(options), "script-src")).toBe("script-src 'self'");
    for (const policy of [contentSecurityPolicy(options, "bm9uY2U="), contentSecurityPolicy(options)]) expect(directive(policy, "worker-src")).toBeUndefined();
  });
});
