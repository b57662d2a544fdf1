import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { describeBulkAuthorAccessContract } from "@/test/contracts/bulk-author-access";

// Embedded mode: the users file and one SQLite file.
process.env.LOG_LEVEL = "silent";
process.env.UPSTREAM_API_KEY ??= "k";
process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
const root = mkdtempSync(path.join(tmpdir(), "bulk-access-sqlite-"));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeBulkAuthorAccessContract("SQLite", { kind: "sqlite", freshDatabase: async () => `file:${path.join(root, `db-${++n}.db`)}` });
