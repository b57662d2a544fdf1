import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileUsersStore } from "./users-store";
import { usersStoreContract } from "@/test/contracts/users-store";

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "users-store-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

usersStoreContract("file", async () => {
  const file = join(dir, `users-${++n}.json`);
  return () => fileUsersStore(file);
});

describe("UsersStore (file only)", () => {
  it("reports entries it skipped once per version of the file, and still finds the others", async () => {
    const file = join(dir, "partly-broken.json");
    const hash = `$2b$04$${"a".repeat(53)}`;
    await writeFile(file, JSON.stringify([{ email: "a@corp.example", name: "A", role: "owner", passwordHash: hash }, { email: "b@corp.example", name: "B", role: "editor", passwordHash: hash }]));
    const reports: unknown[] = [];
    const store = fileUsersStore(file, (problems) => reports.push(problems));
    expect(await store.find("a@corp.example")).toBeUndefined();
    expect((await store.find("b@corp.example"))?.role).toBe("editor");
    expect(reports).toEqual([[{ index: 0, message: expect.stringMatching(/^role:/) }]]);
  });
});
