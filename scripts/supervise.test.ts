import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { backoffMs, describeExit, supervise, type Supervised } from "./supervise.mjs";

// Real child processes (node -e …), each in its own process group as the demo starts them.
const dir = mkdtempSync(path.join(tmpdir(), "supervise-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const node = (script: string) => () => spawn(process.execPath, ["-e", script], { stdio: "ignore", detached: true });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

let running: Supervised[] = [];
afterEach(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  running = [];
});
function track(s: Supervised): Supervised {
  running.push(s);
  return s;
}

describe("describeExit and backoffMs", () => {
  it("name the exit code or the signal", () => {
    expect(describeExit(1, null)).toBe("exit code 1");
    expect(describeExit(0, null)).toBe("exit code 0");
    expect(describeExit(null, "SIGKILL")).toBe("signal SIGKILL");
  });

  it("double the delay from the minimum up to the cap", () => {
    const policy = { minDelayMs: 1000, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, policy))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("supervise", () => {
  it("restarts a crashed server after a growing backoff, saying why, and stops for good when asked", async () => {
    // Dies with code 3 on its first two starts, then stays up.
    const counter = path.join(dir, "starts");
    writeFileSync(counter, "0");
    const script = `const fs=require("fs");const n=+fs.readFileSync(${JSON.stringify(counter)},"utf8")+1;fs.writeFileSync(${JSON.stringify(counter)},String(n));if(n<3)process.exit(3);setInterval(()=>{},1000);`;
    const lines: string[] = [];
    const exits: unknown[] = [];
    const sim = track(supervise({ name: "simulator", start: node(script), restart: { minDelayMs: 30, maxDelayMs: 1000, stableAfterMs: 60_000 }, log: (l) => lines.push(l), onExit: (i) => exits.push(i) }));
    await until(() => readFileSync(counter, "utf8") === "3" && sim.child !== null);
    expect(lines).toEqual([
      "the simulator stopped (exit code 3); restarting it in 30 ms (restart 1)",
      "the simulator stopped (exit code 3); restarting it in 60 ms (restart 2)",
    ]);
    expect(sim.restarts).toBe(2);

    // Killed from outside: reported with the signal, and restarted.
    const pid = sim.child!.pid!;
    process.kill(pid, "SIGKILL");
    await until(() => sim.restarts === 3 && sim.child !== null && sim.child.pid !== pid);
    expect(lines[2]).toMatch(/^the simulator stopped \(signal SIGKILL\); restarting it in /);

    const last = sim.child!.pid!;
    await sim.stop();
    expect(alive(last)).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(sim.child).toBeNull();
    expect(sim.restarts).toBe(3); // no restart after stop()
    expect(exits).toEqual([]); // a restarted server is never reported as the end
  });

  it("hands an exit that is not restarted to onExit, with the code; the other server keeps running", async () => {
    const lines: string[] = [];
    let ended: { name: string; code: number | null; reason: string } | undefined;
    const sim = track(supervise({ name: "simulator", start: node("setInterval(()=>{},1000)"), restart: { minDelayMs: 10 }, log: (l) => lines.push(l) }));
    const dashboard = track(
      supervise({ name: "dashboard", start: node("setTimeout(()=>process.exit(2),50)"), log: (l) => lines.push(l), onExit: (i) => (ended = i) }),
    );
    await until(() => ended !== undefined);
    expect(ended).toMatchObject({ name: "dashboard", code: 2, reason: "exit code 2" });
    expect(lines).toEqual(["the dashboard stopped (exit code 2)"]);
    expect(dashboard.child).toBeNull();
    expect(alive(sim.child!.pid!)).toBe(true);
  });

  it("stops the whole process group, a server's own children included, with SIGKILL after the grace time", async () => {
    const pidFile = path.join(dir, "grandchild");
    // Ignores SIGTERM, and has a child of its own that ignores it too.
    const script = `process.on("SIGTERM",()=>{});const c=require("child_process").spawn(process.execPath,["-e","process.on('SIGTERM',()=>{});setInterval(()=>{},1000)"],{stdio:"ignore"});require("fs").writeFileSync(${JSON.stringify(pidFile)},String(c.pid));setInterval(()=>{},1000);`;
    writeFileSync(pidFile, "");
    const s = track(supervise({ name: "dashboard", start: node(script), log: () => {} }));
    await until(() => readFileSync(pidFile, "utf8") !== "");
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    const started = Date.now();
    await s.stop("SIGTERM", 200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await until(() => !alive(grandchild));
  });

  it("gives up after too many quick exits in a row instead of restarting forever", async () => {
    const lines: string[] = [];
    let gaveUp = false;
    const s = track(
      supervise({
        name: "simulator",
        start: node("process.exit(1)"),
        restart: { minDelayMs: 5, maxDelayMs: 20, stableAfterMs: 60_000, maxQuickFailures: 2 },
        log: (l) => lines.push(l),
        onGiveUp: () => (gaveUp = true),
      }),
    );
    await until(() => gaveUp);
    expect(s.restarts).toBe(2);
    expect(lines.at(-1)).toBe("the simulator stopped (exit code 1): 3 exits in a row, each within 60 s of starting; not restarting it again");
  });

  it("reports a program that cannot be started", async () => {
    let ended: { reason: string } | undefined;
    track(supervise({ name: "dashboard", start: () => spawn(path.join(dir, "no-such-program"), [], { detached: true, stdio: "ignore" }), log: () => {}, onExit: (i) => (ended = i) }));
    await until(() => ended !== undefined);
    expect(ended?.reason).toMatch(/^could not start: .*ENOENT/);
  });
});
