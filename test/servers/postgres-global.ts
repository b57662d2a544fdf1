import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startPostgres, type PostgresServer } from "./postgres";

/**
 * Vitest globalSetup (the integration project, vitest.config.ts): one Postgres for the whole run,
 * started on the first file's request and stopped after the run, instead of an initdb and a server
 * per file. Files ask for databases of their own through test/servers/postgres-shared.ts, over a
 * small HTTP endpoint on 127.0.0.1 whose address is handed to them with `provide`. A Postgres that
 * cannot start answers every request with the reason, so each file that needs one fails with it.
 */
export default async function setup(project: TestProject) {
  let server: Promise<PostgresServer> | undefined;
  let databases = 0;
  const broker = createServer((req, res) => {
    const prefix = new URL(req.url ?? "/", "http://broker").searchParams.get("prefix") ?? "test";
    server ??= startPostgres();
    server
      .then((s) => s.createDatabase(`${prefix}_${++databases}`))
      .then(
        (url) => res.writeHead(200, { "content-type": "text/plain" }).end(url),
        (e: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(e instanceof Error ? e.message : String(e)),
      );
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  project.provide("postgresBroker", `http://127.0.0.1:${(broker.address() as AddressInfo).port}`);
  return async () => {
    broker.close();
    const started = await server?.catch(() => undefined);
    await started?.stop();
  };
}
