import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { describeMirrorStore } from "@/test/contracts/mirror-store";

const dir = mkdtempSync(path.join(tmpdir(), "mirror-store-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeMirrorStore("SQLite", async () => `file:${path.join(dir, `mirror-${++n}.db`)}`);
