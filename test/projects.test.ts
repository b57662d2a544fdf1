import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isolatedUnitTests, needsOwnModules } from "./projects";

// Unit files share their worker's modules unless they swap a module or set process.env (vitest.config.ts).
describe("which unit files need modules of their own", () => {
  it("those that mock a module or set process.env; stubs undone at the file's end do not count", () => {
    // Written in two parts, so that this file itself is not read as one that needs its own modules.
    const vi_ = "vi.";
    const env = "process.env";
    expect(needsOwnModules(`${vi_}mock("next/navigation", () => ({}));`)).toBe(true);
    expect(needsOwnModules(`const { push } = ${vi_}hoisted(() => ({ push: vi.fn() }));`)).toBe(true);
    expect(needsOwnModules(`${env}.LOG_LEVEL = "silent";`)).toBe(true);
    expect(needsOwnModules(`${env}["LOG_LEVEL"] ??= "silent";`)).toBe(true);
    expect(needsOwnModules(`delete ${env}.REDIS_URL;`)).toBe(true);
    expect(needsOwnModules(`if (process.env.CI === "1") skip();`)).toBe(false);
    expect(needsOwnModules(`vi.stubGlobal("fetch", vi.fn()); vi.useFakeTimers(); vi.spyOn(console, "warn");`)).toBe(false);
  });

  it("puts this repository's mocking unit files there, and no integration test", () => {
    const isolated = isolatedUnitTests(fileURLToPath(new URL("..", import.meta.url)));
    expect(isolated).toContain("components/post/decision-panel.test.tsx");
    expect(isolated).toContain("lib/server/errors.test.ts");
    expect(isolated.some((f) => /\.(integration|postgres|redis|sqlite)\.test\./.test(f))).toBe(false);
  });
});
