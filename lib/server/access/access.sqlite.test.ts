import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { describeAccessContract } from "@/test/contracts/access";

// The access check on SQLite and the users file (the embedded mode).
process.env.LOG_LEVEL = "silent";
process.env.UPSTREAM_API_KEY ??= "k";
process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
const root = mkdtempSync(path.join(tmpdir(), "access-sqlite-"));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeAccessContract("SQLite", { kind: "sqlite", freshDatabase: async () => `file:${path.join(root, `db-${++n}.db`)}` });
