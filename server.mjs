// `npm start`: the production server. Next's request handler behind a small
// edge (lib/edge) that decides the client address (TRUSTED_PROXIES), refuses
// malformed, oversized and TRACE-like requests in the error envelope, and keeps
// Next's own API errors in it. Listens on 127.0.0.1 unless HOST is set; PORT.
// Plain JavaScript, so it runs with bare `node` on a built tree.
import { createServer } from "node:http";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseTrustedProxies } from "./lib/edge/client-address.mjs";
import { attachEdgeListeners, createEdgeHandler } from "./lib/edge/handler.mjs";
import { headerOptionsFrom, securityHeaders } from "./lib/edge/security-headers.mjs";

// Set before Next is loaded: it picks its production code paths from it.
process.env.NODE_ENV ??= "production";
const { default: next } = await import("next");

const dir = dirname(fileURLToPath(import.meta.url));
const hostname = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 3000);
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const headers = securityHeaders(headerOptionsFrom(process.env));

const app = next({ dev: false, dir, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer(
  // 16 KB of headers (Node's default, made explicit: the 431 answer depends on it);
  // a request must arrive whole within a minute.
  { maxHeaderSize: 16 * 1024, requestTimeout: 60_000, headersTimeout: 20_000 },
  createEdgeHandler({
    handle: (req, res) => handle(req, res),
    trustedProxies,
    securityHeaders: headers,
    onError: (error) => console.error("edge: request failed", error),
  }),
);
attachEdgeListeners(server, headers);
server.listen(port, hostname, () => {
  console.log(`> Ready on http://${hostname}:${port} (trusted proxies: ${trustedProxies})`);
});

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Long requests (event streams) do not hold the stop up.
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
