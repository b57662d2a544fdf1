import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const CONDITION = "--conditions=react-server";

/**
 * Runs a benchmark's `main` under the "react-server" condition, where the
 * service modules' `import "server-only"` resolves to an empty module: the
 * script re-runs itself with the condition when started without it. `main`
 * must import server code dynamically, so the first run never loads it.
 */
export async function runAsServerCode(scriptUrl: string, main: () => Promise<void>): Promise<void> {
  if (process.execArgv.includes(CONDITION)) {
    await main();
    return;
  }
  const child = spawnSync(process.execPath, [...process.execArgv, CONDITION, fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: "inherit" });
  process.exitCode = child.status ?? 1;
}
