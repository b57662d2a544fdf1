import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { describeReportDeliveryContract } from "@/test/contracts/report-deliveries";

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "report-deliveries-"));
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeReportDeliveryContract("SQLite", { kind: "sqlite", freshDatabase: async () => `file:${path.join(dir, `db-${++n}.db`)}` });
