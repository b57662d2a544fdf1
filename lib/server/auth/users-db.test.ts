import { execFile } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { postgresDatabase, type PostgresDatabase } from "@/test/servers/postgres-shared";
import { buildAuthOptions } from "@/lib/server/auth/options";
import { AuthDriver } from "@/test/support/auth-driver";
import { SignInThrottle } from "@/lib/auth/throttle";
import { runUserAdd } from "@/lib/auth/user-add-cli";
import { usersStoreFor } from "@/lib/server/auth/users-mode";
import { usersStoreContract } from "@/test/contracts/users-store";

// Production mode's users (DATABASE_URL=postgres://…) on a real Postgres: a database of its own on the run's server.

const SECRET = "test-secret-test-secret-test-secret";
let database: PostgresDatabase | undefined;
let dir: string;
let vars: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "users-db-"));
  const own = await postgresDatabase("users_db");
  database = own;
  vars = {
    UPSTREAM_API_KEY: "k",
    NEXTAUTH_SECRET: SECRET,
    NEXTAUTH_URL: "http://localhost:3000",
    DATABASE_URL: own.url,
    // Present but not read in this mode: proven by a test below.
    AUTH_USERS_FILE: join(dir, "users.json"),
    LOG_LEVEL: "silent",
  };
  for (const key of ["DEMO", "REDIS_URL", "OIDC_ISSUER"]) delete process.env[key];
  Object.assign(process.env, vars);
  resetEnvForTests();
  await closeDbForTests();
}, 60_000);
afterAll(async () => {
  await closeDbForTests();
  await database?.release();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

usersStoreContract("postgres", async () => {
  await ensureMigrated();
  await db().deleteFrom("users").execute();
  return () => usersStoreFor(env());
});

/** `npm run user:add` as an operator runs it, in a process of its own, the password on stdin. */
function userAddCli(args: string[], password: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile("npm", ["run", "--silent", "user:add", "--", ...args], { env: { ...process.env, ...vars }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(`${password}\n`);
  });
}

describe("users in the database (production mode)", () => {
  it("npm run user:add writes to the database, and sign-in reads the user from there", async () => {
    await db().deleteFrom("users").execute();
    const added = await userAddCli(["--email", "Vera@Corp.example", "--name", "Вера", "--role", "editor"], "correct horse battery");
    expect(added.stderr).not.toMatch(/error/i);
    expect(added).toMatchObject({ code: 0, stdout: "Added vera@corp.example (editor) in the database\n" });
    await expect(stat(vars.AUTH_USERS_FILE!)).rejects.toThrow(); // nothing went to the file

    // Instances of their own (auth options, memory throttle), reading the same database.
    const other = new AuthDriver(buildAuthOptions(env(), new SignInThrottle()));
    expect(AuthDriver.errorOf(await other.signInWithPassword("vera@corp.example", "wrong password"))).toBe("CredentialsSignin");
    const d = new AuthDriver(buildAuthOptions(env(), new SignInThrottle()));
    expect(AuthDriver.errorOf(await d.signInWithPassword("vera@corp.example", "correct horse battery"))).toBeNull();
    expect((await d.request("session")).body).toMatchObject({ user: { email: "vera@corp.example", name: "Вера", role: "editor" } });
  });

  it("ends the sessions of a user whose role is changed in the database, and of one removed from it", async () => {
    await db().deleteFrom("users").execute();
    const out: string[] = [];
    const io = { readPassword: async () => "correct horse battery", out: (l: string) => out.push(l), err: (l: string) => out.push(l), defaultFile: vars.AUTH_USERS_FILE!, store: usersStoreFor(env()) };
    expect(await runUserAdd(["--email", "boris@corp.example", "--name", "Борис", "--role", "reviewer"], io)).toBe(0);
    expect(await runUserAdd(["--email", "anna@corp.example", "--name", "Анна", "--role", "editor"], io)).toBe(0);
    const boris = new AuthDriver(buildAuthOptions(env(), new SignInThrottle()));
    const anna = new AuthDriver(buildAuthOptions(env(), new SignInThrottle()));
    expect(AuthDriver.errorOf(await boris.signInWithPassword("boris@corp.example", "correct horse battery"))).toBeNull();
    expect(AuthDriver.errorOf(await anna.signInWithPassword("anna@corp.example", "correct horse battery"))).toBeNull();

    expect(await runUserAdd(["--email", "boris@corp.example", "--name", "Борис", "--role", "admin", "--force"], io)).toBe(0);
    await db().deleteFrom("users").where("email", "=", "anna@corp.example").execute();
    // No time passes: the next check asks the database, which says so.
    expect((await boris.request("session")).body).not.toHaveProperty("user");
    expect((await anna.request("session")).body).not.toHaveProperty("user");
    const ended = await db()
      .selectFrom("sessions")
      .select(["user_email", "revoked_reason"])
      .where("user_email", "in", ["anna@corp.example", "boris@corp.example"])
      .orderBy("user_email")
      .execute();
    expect(ended).toEqual([
      { user_email: "anna@corp.example", revoked_reason: "user_removed" },
      { user_email: "boris@corp.example", revoked_reason: "role_changed" },
    ]);
  });

  it("does not read the users file in this mode", async () => {
    const passwordHash = await bcrypt.hash("file password 1", 4);
    await writeFile(vars.AUTH_USERS_FILE!, JSON.stringify([{ email: "file@corp.example", name: "F", role: "admin", passwordHash }]));
    const d = new AuthDriver(buildAuthOptions(env(), new SignInThrottle()));
    expect(AuthDriver.errorOf(await d.signInWithPassword("file@corp.example", "file password 1"))).toBe("CredentialsSignin");
    expect(usersStoreFor(env()).where).toBe("the database");
  });
});
