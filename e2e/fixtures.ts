import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { E2E } from "../playwright.config";

export type DemoRole = "editor" | "reviewer" | "manager" | "admin";

/** Storage state saved by auth.setup.ts for each demo sign-in, on this worker's lane (playwright.config.ts) unless told. */
export const authFile = (role: DemoRole, lane = E2E.lane) => `e2e/.auth/${process.env.E2E_RUN_ID ?? "local"}/lane${lane}/${role}.json`;

/** Every page journey ends its visit with this: no axe violations (WCAG 2.x A and AA). */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, "accessibility violations").toEqual([]);
}

/** Switches the interface language the way the language switch does (cookie), then reloads. */
export async function setLocale(page: Page, locale: "ru" | "en"): Promise<void> {
  const url = new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url());
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: url.hostname, path: "/" }]);
}

export const test = base;
export { expect };

/**
 * The upstream's own answer to GET `path` (relative to /api/v1/ext/), read through the simulator's
 * admin door: a journey checking the world must not spend the key's minute the dashboard runs on.
 */
export async function upstreamTruth<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${E2E.simURL}/__admin/ext/${path}`);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}
