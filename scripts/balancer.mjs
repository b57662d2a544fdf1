// A small round-robin HTTP load balancer for running several dashboard
// instances on one machine (tests, benchmarks, a local try of production mode):
//   node scripts/balancer.mjs --port 3000 http://127.0.0.1:3001 http://127.0.0.1:3002
// Streams both ways (event streams pass through unbuffered), appends the client
// to X-Forwarded-For (set TRUSTED_PROXIES=1 on the instances), and sends a
// request whose backend refuses the connection to the next one, as a balancer
// with health checks would. Production should use a real one (deploy/nginx.conf).
import { request as httpRequest, createServer } from "node:http";
import { fileURLToPath } from "node:url";

/** @param {{ port: number, host?: string, backends: string[] }} options */
export function startBalancer({ port, host = "127.0.0.1", backends }) {
  if (backends.length === 0) throw new Error("balancer: no backends");
  const targets = backends.map((b) => new URL(b));
  let next = 0;
  const served = new Map(backends.map((b) => [b, 0]));

  const server = createServer((req, res) => {
    const chunks = [];
    // Buffer the (small) request body so a refused connection can be retried elsewhere.
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => tryBackend(0));
    req.on("error", () => res.destroy());

    function tryBackend(tried) {
      const target = targets[(next = (next + 1) % targets.length)];
      const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, "x-forwarded-for": forwarded },
        },
        (answer) => {
          served.set(target.href.replace(/\/$/, ""), (served.get(target.href.replace(/\/$/, "")) ?? 0) + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          res.on("close", () => answer.destroy());
        },
      );
      upstream.on("error", (e) => {
        const refused = /** @type {NodeJS.ErrnoException} */ (e).code === "ECONNREFUSED";
        if (refused && !res.headersSent && tried + 1 < targets.length) return tryBackend(tried + 1);
        if (!res.headersSent) {
          res.writeHead(502, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { code: "upstream_unavailable", message: "Ни один экземпляр панели не ответил" } }));
        } else res.destroy();
      });
      upstream.end(Buffer.concat(chunks));
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://${host}:${actual}`,
        served,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf("--port");
  const port = portAt >= 0 ? Number(args[portAt + 1]) : 3000;
  const backends = args.filter((a, i) => a.startsWith("http") && i !== portAt + 1);
  const lb = await startBalancer({ port, host: process.env.HOST || "127.0.0.1", backends });
  console.log(`balancer on ${lb.url} → ${backends.join(", ")}`);
}
