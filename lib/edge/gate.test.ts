import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGate } from "./gate.mjs";
import { createEdgeHandler } from "./handler.mjs";
import { headerOptionsFrom, securityHeaders } from "./security-headers.mjs";

/**
 * The edge lets at most so many requests into Next at once (what bounds memory
 * under a burst); the rest wait their turn and all are answered. Event streams
 * and built files never wait.
 */
let inside = 0;
let most = 0;
const release: Array<() => void> = [];

async function next(req: IncomingMessage, res: ServerResponse): Promise<void> {
  inside += 1;
  most = Math.max(most, inside);
  // A page that takes a while to render; /hold waits until the test lets it go.
  if (req.url === "/hold") await new Promise<void>((resolve) => release.push(resolve));
  else await new Promise((resolve) => setTimeout(resolve, 20));
  inside -= 1;
  res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
}

let server: Server;
let base: string;
const gate = createGate(3);
beforeAll(async () => {
  server = createServer(createEdgeHandler({ handle: next, trustedProxies: 0, securityHeaders: securityHeaders(headerOptionsFrom({})), gate }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the edge's gate", () => {
  it("lets three requests into Next at once and answers all forty", async () => {
    most = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`${base}/campaigns?i=${i}`).then((r) => r.status)));
    expect(answers).toEqual(answers.map(() => 200));
    expect(most).toBe(3);
    expect(gate.waiting).toBe(0);
  });

  it("never holds back an event stream or a built file, even with every place taken", async () => {
    const held = Array.from({ length: 3 }, () => fetch(`${base}/hold`));
    await expect.poll(() => release.length).toBe(3);
    expect((await fetch(`${base}/api/events`)).status).toBe(200);
    expect((await fetch(`${base}/_next/static/chunks/x.js`)).status).toBe(200);
    // A page waits meanwhile, and goes in once a place is free.
    const page = fetch(`${base}/campaigns`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gate.waiting).toBe(1);
    for (const go of release.splice(0)) go();
    expect((await page).status).toBe(200);
    await Promise.all(held);
  });
});
