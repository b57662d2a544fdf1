// npm run user:add – add a user where the server reads them (see lib/auth/user-add-cli.ts)
//
// Run as `node --conditions=react-server --import tsx` (package.json): in production mode
// the script uses the server's own database module, which is fenced with "server-only";
// that condition is how React Server Components load it, so the fence lets it through.
// Its dialect helper is fenced too, so every mode needs the condition.
import { createInterface } from "node:readline";
import { runUserAdd } from "../lib/auth/user-add-cli";
import type { UsersStore } from "../lib/auth/users-store";
import { authUsersFileFromEnv, env } from "../lib/env";
import { kindOfUrl } from "../lib/server/db/dialect";

/** From a terminal: prompt without echo. From a pipe: the first line. */
function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return new Promise((resolve, reject) => {
      let text = "";
      input.setEncoding("utf8");
      input.on("data", (chunk: string) => (text += chunk));
      input.on("end", () => resolve(text.split(/\r?\n/)[0] ?? ""));
      input.on("error", reject);
    });
  }
  return new Promise((resolve) => {
    process.stderr.write("Password: ");
    // No output stream: readline has nowhere to echo the typed characters to.
    const rl = createInterface({ input, terminal: true });
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

/**
 * Production mode (DATABASE_URL=postgres://…): the users table every instance
 * reads, through the server's env() and db(), so this needs the server's
 * environment (as inside `docker compose exec app1`). Otherwise the users
 * file, and only AUTH_USERS_FILE is read: no secrets needed.
 */
async function databaseStore(): Promise<{ store: UsersStore; close: () => Promise<void> } | undefined> {
  if (kindOfUrl(process.env.DATABASE_URL ?? "") !== "postgres") return undefined;
  let e;
  try {
    e = env();
  } catch (error) {
    process.stderr.write(`DATABASE_URL is postgres://…, so users go to the database, which needs the server's environment.\n${(error as Error).message}\n`);
    process.exit(2);
  }
  const [{ usersStoreFor }, { db }] = await Promise.all([import("@/lib/server/auth/users-mode"), import("../lib/server/db")]);
  // The Postgres pool would otherwise keep the process alive.
  return { store: usersStoreFor(e), close: () => db().destroy() };
}

const database = await databaseStore();
try {
  process.exitCode = await runUserAdd(process.argv.slice(2), {
    readPassword,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    defaultFile: authUsersFileFromEnv(),
    store: database?.store,
  });
} finally {
  await database?.close();
}
