import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
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

  it("never says what an internal name resolves to", async () => {
    setReachOptionsForTests({});
    const port = (server.address() as AddressInfo).port;
    const why = await whyUnreachable(`http://localhost:${port}/ok`);
    expect(why).toBe("адрес во внутренней сети: не проверяется");
    expect(why).not.toMatch(/127\.0\.0\.1|::1|family|host:/);
  });

  describe("a server that sends one header line a second", () => {
    let slow: TcpServer;
    let slowBase: string;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      slow = createTcpServer((socket) => {
        sockets.add(socket);
        socket.on("error", () => undefined);
        socket.write("HTTP/1.1 200 OK\r\n");
        let n = 0;
        const timer = setInterval(() => {
          // Ten lines, then the end of the headers: a per-socket idle timeout never fires.
          if (socket.destroyed) return clearInterval(timer);
          socket.write(++n < 10 ? `X-Line-${n}: x\r\n` : "Content-Length: 0\r\n\r\n");
          if (n >= 10) clearInterval(timer);
        }, 1_000);
        socket.on("close", () => clearInterval(timer));
      });
      await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
      slowBase = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => slow.close(() => r()));
    });

    it("is given up on at the one deadline (connect, headers and body together)", async () => {
      setReachOptionsForTests({ allowIPAddressList: ["127.0.0.1"] }, 2_000);
      const t0 = performance.now();
      const why = await whyUnreachable(`${slowBase}/trickle`);
      const ms = performance.now() - t0;
      expect(why).toBe("нет ответа за 2 с");
      expect(ms).toBeLessThan(3_000);
    }, 15_000);
  });

  it("refuses loopback addresses unless allowed, so a post cannot make the dashboard reach its own network", async () => {
    setReachOptionsForTests({});
    expect(await whyUnreachable(`${base}/ok`)).toBe("адрес во внутренней сети: не проверяется");
  });

  it("with the test's allow-list: open, open after a refused HEAD, a redirect, and a 404", async () => {
    setReachOptionsForTests({ allowIPAddressList: ["127.0.0.1"] });
    const text = `a ${base}/ok b ${base}/no-head c ${base}/moved d ${base}/gone`;
    expect([...(await unreachableLinks(text))]).toEqual([[`${base}/gone`, "HTTP 404"]]);
  });
});
