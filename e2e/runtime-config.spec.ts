import { expect, test } from "@playwright/test";
import { freePort } from "../test/servers/free-port";
import { spawnServer, type Spawned } from "../test/servers/process";

/**
 * One build, configured at run time: the same build output the other specs
 * use, started again with another team's upstream, media origin and public
 * URL. Every answer's Content-Security-Policy (a page's, an API route's, a
 * static file's) names the run-time origins and none of the build's.
 */
const TEAM_B = {
  UPSTREAM_BASE_URL: "http://127.0.0.1:1",
  MEDIA_ORIGINS: "https://media.team-b.example",
  NEXTAUTH_URL: "https://dash.team-b.example",
};
let server: Spawned;
let url: string;

test.beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await spawnServer("team-b", "node", ["server.mjs"], async () => (await fetch(`${url}/api/health`)).status < 600, {
    env: {
      ...process.env,
      ...TEAM_B,
      PORT: String(port),
      HOST: "127.0.0.1",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e",
      UPSTREAM_API_KEY: "team-b-key",
      NEXTAUTH_SECRET: "team-b-secret-team-b-secret-0123",
      DATABASE_URL: `file:./data/e2e-${process.env.E2E_RUN_ID ?? "local"}-team-b.db`,
      LOG_LEVEL: "warn",
    },
    timeoutMs: 90_000,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("the security headers come from the environment the server started with, not the build's", async () => {
  const login = await fetch(`${url}/login`);
  const html = await login.text();
  const script = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
  expect(script, "a static script on the login page").toBeTruthy();
  const answers = { page: login, api: await fetch(`${url}/api/account`), file: await fetch(`${url}${script}`) };
  for (const [what, res] of Object.entries(answers)) {
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp, what).toContain("img-src 'self' data: blob: http://127.0.0.1:1 https://media.team-b.example");
    // The build's (the simulator's) origin is nowhere.
    expect(csp, what).not.toContain(`127.0.0.1:${process.env.E2E_SIM_PORT ?? 4400}`);
    // An https public URL: browsers are told to stay on https.
    expect(csp, what).toContain("upgrade-insecure-requests");
    expect(res.headers.get("strict-transport-security"), what).toContain("max-age=");
  }
  // The page's policy carries its own nonce.
  expect(answers.page.headers.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
});
