import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeDbForTests } from "./index";
import { describeStoreContract } from "@/test/contracts/db-store";

// The database behaviour suite on the embedded default: a SQLite file per block.

let dir: string;
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "store-sqlite-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
});

afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describeStoreContract("SQLite", { kind: "sqlite", freshDatabase: async () => `file:${path.join(dir, `db-${++n}`, "dash.db")}` });
