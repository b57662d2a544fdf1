// `npm start`: the production server. Next listens on a private Unix socket;
// in front of it, on HOST:PORT, a small edge (lib/edge) that decides the client
// address (TRUSTED_PROXIES), refuses malformed, oversized and TRACE-like
// requests in the error envelope, limits bodies as they arrive, and keeps
// Next's own API errors in the envelope. Listens on 127.0.0.1 unless HOST is
// set. Plain JavaScript, so it runs with bare `node` on a built tree.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseTrustedProxies } from "./lib/edge/client-address.mjs";
import { attachEdgeListeners, createEdgeHandler, nextListener } from "./lib/edge/handler.mjs";
import { headerOptionsFrom, securityHeaders } from "./lib/edge/security-headers.mjs";

// Set before Next is loaded: it picks its production code paths from it.
process.env.NODE_ENV ??= "production";
const { default: next } = await import("next");

const dir = dirname(fileURLToPath(import.meta.url));
const hostname = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 3000);
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const headers = securityHeaders(headerOptionsFrom(process.env));
const onError = (/** @type {unknown} */ error) => console.error("edge: request failed", error);

const app = next({ dev: false, dir, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

// In a folder only this user may enter: nothing reaches Next without passing the edge.
const socketDir = mkdtempSync(join(tmpdir(), "dashboard-next-"));
const socketPath = join(socketDir, "next.sock");
const inner = createServer(nextListener((req, res) => handle(req, res), onError));
// The edge keeps its connections to Next open for reuse; were Next to close an idle one as the edge
// reuses it, that request would fail. The edge's own timeouts guard the clients.
inner.keepAliveTimeout = 0;
await new Promise((resolve) => inner.listen(socketPath, () => resolve(undefined)));

const server = createServer(
  // 16 KB of headers (Node's default, made explicit: the 431 answer depends on it);
  // a request must arrive whole within a minute.
  { maxHeaderSize: 16 * 1024, requestTimeout: 60_000, headersTimeout: 20_000 },
  createEdgeHandler({ upstream: { socketPath }, trustedProxies, securityHeaders: headers, onError }),
);
attachEdgeListeners(server, headers);
server.listen(port, hostname, () => {
  console.log(`> Ready on http://${hostname}:${port} (trusted proxies: ${trustedProxies})`);
});

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  const exit = () => {
    rmSync(socketDir, { recursive: true, force: true });
    process.exit(0);
  };
  server.close(() => inner.close(exit));
  server.closeIdleConnections();
  inner.closeIdleConnections();
  // Long requests (event streams) do not hold the stop up.
  setTimeout(exit, 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
