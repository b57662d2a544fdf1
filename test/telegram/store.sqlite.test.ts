import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeDbForTests } from "@/lib/server/db";
import { describeTelegramStoreContract } from "./store-contract";

// The bot's database behaviour on the embedded default: a SQLite file.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "telegram-sqlite-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
});
afterAll(async () => {
  await closeDbForTests();
  rmSync(dir, { recursive: true, force: true });
});

describeTelegramStoreContract("SQLite", { kind: "sqlite", freshDatabase: async () => `file:${path.join(dir, "dash.db")}` });
