// The policy's worker line: the schema-check worker (lib/queries/response-check.worker.ts) loads
// from our own origin, with or without a page's nonce, and nothing else may start a worker.
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, headerOptionsFrom } from "./security-headers.mjs";

const directive = (policy: string, name: string) => policy.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `));

describe("worker-src", () => {
  it("allows workers from our origin only (no blob:, no data:), for pages and other answers alike", () => {
    const options = headerOptionsFrom({});
    for (const policy of [contentSecurityPolicy(options, "bm9uY2U="), contentSecurityPolicy(options)]) {
      expect(directive(policy, "worker-src")).toBe("worker-src 'self'");
    }
    // The page's scripts keep their nonce and 'strict-dynamic'.
    expect(directive(contentSecurityPolicy(options, "bm9uY2U="), "script-src")).toBe("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
  });
});
