import { afterAll, vi } from "vitest";

/*
 * Unit files share their worker's modules with the files before them (vitest.config.ts): what a file
 * stubs or fakes ends with it, as it did when each file had a worker of its own.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
