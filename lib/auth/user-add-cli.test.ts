import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runUserAdd, type CliIo } from "./user-add-cli";
import { readUsersFile } from "./users-file";

let dir: string;
let file: string;
let out: string[];
let err: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "user-add-"));
  file = join(dir, "nested", "folder", "users.json");
  out = [];
  err = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function io(password = "from-stdin-123"): CliIo {
  return { readPassword: async () => password, out: (l) => out.push(l), err: (l) => err.push(l), defaultFile: file };
}

describe("npm run user:add", () => {
  it("creates the file and folder, with a bcrypt hash that verifies", async () => {
    const code = await runUserAdd(["--email", "Olga@Example.com", "--name", "Ольга Петрова", "--role", "manager"], io());
    expect(code).toBe(0);
    const { users, problems } = await readUsersFile(file);
    expect(problems).toEqual([]);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: "olga@example.com", name: "Ольга Петрова", role: "manager" });
    expect(await bcrypt.compare("from-stdin-123", users[0]?.passwordHash ?? "")).toBe(true);
    expect(await readFile(file, "utf8")).not.toContain("from-stdin-123");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("takes --password instead of stdin", async () => {
    await runUserAdd(["--email", "a@example.com", "--name", "A", "--role", "admin", "--password", "given-on-cli"], io("unused-stdin"));
    const { users } = await readUsersFile(file);
    expect(await bcrypt.compare("given-on-cli", users[0]?.passwordHash ?? "")).toBe(true);
  });

  it("refuses unknown roles", async () => {
    expect(await runUserAdd(["--email", "a@example.com", "--name", "A", "--role", "owner"], io())).toBe(2);
    expect(err.join("\n")).toMatch(/Unknown role "owner"/);
    await expect(stat(file)).rejects.toThrow();
  });

  it("refuses a duplicate email unless --force, which replaces the entry", async () => {
    const args = ["--email", "a@example.com", "--name", "A", "--role", "editor"];
    expect(await runUserAdd(args, io())).toBe(0);
    expect(await runUserAdd(["--email", "A@EXAMPLE.COM", "--name", "A2", "--role", "admin"], io())).toBe(1);
    expect(err.join("\n")).toMatch(/already exists/);
    expect(await runUserAdd(["--email", "a@example.com", "--name", "A2", "--role", "admin", "--force"], io("new-password-1"))).toBe(0);
    const { users } = await readUsersFile(file);
    expect(users).toEqual([expect.objectContaining({ email: "a@example.com", name: "A2", role: "admin" })]);
  });

  it("keeps the other users when adding one", async () => {
    await runUserAdd(["--email", "a@example.com", "--name", "A", "--role", "editor"], io());
    await runUserAdd(["--email", "b@example.com", "--name", "B", "--role", "reviewer"], io());
    expect((await readUsersFile(file)).users.map((u) => u.email)).toEqual(["a@example.com", "b@example.com"]);
  });

  it("refuses short passwords, bad emails and missing arguments", async () => {
    expect(await runUserAdd(["--email", "a@example.com", "--name", "A", "--role", "editor"], io("short"))).toBe(2);
    expect(await runUserAdd(["--email", "not-an-email", "--name", "A", "--role", "editor"], io())).toBe(1);
    expect(await runUserAdd(["--email", "a@example.com", "--role", "editor"], io())).toBe(2);
    expect(await runUserAdd(["--bogus"], io())).toBe(2);
  });

  it("reports a file that is not a JSON array instead of overwriting it", async () => {
    const odd = join(dir, "odd.json");
    await writeFile(odd, '{"not":"an array"}');
    expect(await runUserAdd(["--email", "a@example.com", "--name", "A", "--role", "editor", "--file", odd], io())).toBe(1);
    expect(await readFile(odd, "utf8")).toBe('{"not":"an array"}');
  });
});
