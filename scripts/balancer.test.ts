import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/test/servers/free-port";
import { startBalancer, type Balancer } from "./balancer.mjs";

const open: { close: () => unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function backend(name: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === "/stream") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${name}-1\n\n`);
      setTimeout(() => res.end(`data: ${name}-2\n\n`), 300);
      return;
    }
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => res.end(JSON.stringify({ name, body, xff: req.headers["x-forwarded-for"] })));
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  open.push({ close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))) });
  return { url: `http://127.0.0.1:${port}`, server };
}

async function balancer(backends: string[]): Promise<Balancer> {
  const lb = await startBalancer({ port: 0, backends });
  open.push(lb);
  return lb;
}

describe("balancer", () => {
  it("spreads requests over the instances, passing bodies and the client address", async () => {
    const a = await backend("a");
    const b = await backend("b");
    const lb = await balancer([a.url, b.url]);
    const names = [];
    for (let i = 0; i < 4; i++) {
      const r = (await (await fetch(`${lb.url}/x`, { method: "POST", body: "hi" })).json()) as { name: string; body: string; xff: string };
      expect(r.body).toBe("hi");
      expect(r.xff).toContain("127.0.0.1");
      names.push(r.name);
    }
    expect(names.sort()).toEqual(["a", "a", "b", "b"]);
  });

  it("sends a request to the next instance when one is down", async () => {
    const a = await backend("a");
    const dead = `http://127.0.0.1:${await freePort()}`;
    const lb = await balancer([a.url, dead]);
    for (let i = 0; i < 3; i++) expect(((await (await fetch(`${lb.url}/x`)).json()) as { name: string }).name).toBe("a");
  });

  it("answers the error envelope when every instance is down", async () => {
    const lb = await balancer([`http://127.0.0.1:${await freePort()}`]);
    const res = await fetch(`${lb.url}/x`);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("upstream_unavailable");
  });

  it("streams an event stream through without buffering it", async () => {
    const a = await backend("a");
    const lb = await balancer([a.url]);
    const res = await fetch(`${lb.url}/stream`);
    const reader = res.body!.getReader();
    const t0 = Date.now();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("a-1");
    expect(Date.now() - t0).toBeLessThan(250);
    await reader.cancel();
  });
});
