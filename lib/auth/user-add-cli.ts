import { parseArgs } from "node:util";
import { hashPassword } from "./password";
import { isRole, ROLES } from "./roles";
import { DuplicateUserError } from "./users-file";
import { fileUsersStore, type UsersStore } from "./users-store";

/**
 * `npm run user:add -- --email a@b.c --name "Имя" --role editor [--password p] [--force] [--file path]`
 * Without --password the password is read from stdin (prompted, not echoed,
 * on a terminal), which keeps it out of the shell history.
 */
export const USAGE = `Usage: npm run user:add -- --email <email> --name <name> --role <${ROLES.join("|")}> [--password <password>] [--force] [--file <path>]
  Without --password, the password is read from stdin.
  --force replaces an existing user with the same email.
  --file writes that users file; without it, users go where the server reads them:
  the database when DATABASE_URL is postgres://…, else AUTH_USERS_FILE (./data/users.json).`;

export const MIN_PASSWORD_LENGTH = 8;

export type CliIo = {
  readPassword: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
  defaultFile: string;
  /** Production mode: the database, which every instance reads; used instead of defaultFile. */
  store?: UsersStore;
};

export async function runUserAdd(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        password: { type: "string" },
        file: { type: "string" },
        force: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const { email, name, role } = values;
  if (!email || !name || !role) {
    io.err(`--email, --name and --role are required.\n${USAGE}`);
    return 2;
  }
  if (!isRole(role)) {
    io.err(`Unknown role "${role}". Known roles: ${ROLES.join(", ")}.`);
    return 2;
  }
  const password = values.password ?? (await io.readPassword());
  if (password.length < MIN_PASSWORD_LENGTH) {
    io.err(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    return 2;
  }
  try {
    if (values.file && io.store) io.err(`Note: the server reads users from ${io.store.where}, not from ${values.file}.`);
    const store = values.file ? fileUsersStore(values.file) : (io.store ?? fileUsersStore(io.defaultFile));
    const { replaced } = await store.add({ email, name, role, passwordHash: await hashPassword(password) }, { force: values.force });
    io.out(`${replaced ? "Replaced" : "Added"} ${email.trim().toLowerCase()} (${role}) in ${store.where}`);
    return 0;
  } catch (error) {
    if (error instanceof DuplicateUserError) {
      io.err(error.message);
      return 1;
    }
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    io.err(issues ? issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n") : (error as Error).message);
    return 1;
  }
}
