import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usersByEmail } from "./users-file";

const HASH = `$2b$04$${"a".repeat(53)}`;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "users-file-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("usersByEmail (read on every session check)", () => {
  it("parses the file once per version and again when it changes", async () => {
    const file = join(dir, "users.json");
    await writeFile(file, JSON.stringify([{ email: "A@corp.example", name: "A", role: "editor", passwordHash: HASH }]));
    const first = await usersByEmail(file);
    expect(first.get("a@corp.example")?.role).toBe("editor");
    // Unchanged file: the same parsed map, not a new parse.
    expect(await usersByEmail(file)).toBe(first);

    await writeFile(file, JSON.stringify([{ email: "a@corp.example", name: "A", role: "reviewer", passwordHash: HASH }]));
    expect((await usersByEmail(file)).get("a@corp.example")?.role).toBe("reviewer");
  });

  it("is empty for a missing file and throws for a broken one until it is fixed", async () => {
    expect((await usersByEmail(join(dir, "none.json"))).size).toBe(0);
    const file = join(dir, "broken.json");
    await writeFile(file, "[{");
    await expect(usersByEmail(file)).rejects.toThrow();
    await writeFile(file, "[]");
    expect((await usersByEmail(file)).size).toBe(0);
  });
});
