import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setReachOptionsForTests, unreachableLinks, whyUnreachable } from "./reach";

// Reachability through the SSRF-safe agent: a real local server, allowed by IP only where the test says so.
describe("link reachability", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/gone") res.writeHead(404);
      else if (req.url === "/no-head" && req.method === "HEAD") res.writeHead(405);
      else if (req.url === "/moved") res.writeHead(302, { Location: "/ok" });
      else res.writeHead(200);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("refuses loopback addresses unless allowed, so a post cannot make the dashboard reach its own network", async () => {
    setReachOptionsForTests({});
    expect(await whyUnreachable(`${base}/ok`)).toMatch(/not allowed|private|127\.0\.0\.1/i);
  });

  it("with the test's allow-list: open, open after a refused HEAD, a redirect, and a 404", async () => {
    setReachOptionsForTests({ allowIPAddressList: ["127.0.0.1"] });
    const text = `a ${base}/ok b ${base}/no-head c ${base}/moved d ${base}/gone`;
    expect([...(await unreachableLinks(text))]).toEqual([[`${base}/gone`, "HTTP 404"]]);
  });
});
