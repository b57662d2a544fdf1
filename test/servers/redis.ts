import { existsSync } from "node:fs";
import { connect } from "node:net";
import { freePort } from "./free-port";
import { spawnServer } from "./process";

export type RedisServer = { url: string; port: number; stop: () => Promise<void> };

const BINARIES = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"];

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(500);
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (d) => {
      socket.destroy();
      resolve(d.toString().startsWith("+PONG"));
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => (socket.destroy(), resolve(false)));
  });
}

/**
 * A throwaway Redis (Debian's redis-server) on a free port, no persistence.
 * Fails with why when the binary is missing: `.ci/run` installs it.
 */
export async function startRedis(): Promise<RedisServer> {
  const binary = BINARIES.find((b) => existsSync(b));
  if (!binary) throw new Error("redis-server is not installed (apt-get install -y redis-server; .ci/run does it)");
  const port = await freePort();
  const server = await spawnServer(
    "redis-server",
    binary,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    () => ping(port),
  );
  return { url: `redis://127.0.0.1:${port}`, port, stop: server.stop };
}
