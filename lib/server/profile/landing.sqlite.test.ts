import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { describeLandingStoreContract } from "@/test/contracts/profile-landing";

// The landing page's store on SQLite: a database file per block.
process.env.LOG_LEVEL = "silent";
process.env.UPSTREAM_API_KEY ??= "k";
process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
const root = mkdtempSync(path.join(tmpdir(), "landing-sqlite-"));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeLandingStoreContract("SQLite", { kind: "sqlite", freshDatabase: async () => `file:${path.join(root, `db-${++n}.db`)}` });
