// Supervision of the demo's servers (scripts/demo.mjs): each runs in its own
// process group; an exit nobody asked for is reported with its code or signal,
// and is either restarted after a backoff (the simulator) or handed to
// `onExit` (the dashboard, whose exit ends the demo). Plain JavaScript, so the
// demo runs with bare `node`.

/** "exit code 1", "signal SIGKILL"; what a person needs to know about an exit. */
export function describeExit(code, signal) {
  if (signal) return `signal ${signal}`;
  if (code === null || code === undefined) return "no exit code";
  return `exit code ${code}`;
}

/** Delay before restart number `attempt` (1, 2, …): doubling from minDelayMs, capped at maxDelayMs. */
export function backoffMs(attempt, { minDelayMs, maxDelayMs }) {
  return Math.min(maxDelayMs, minDelayMs * 2 ** Math.max(0, attempt - 1));
}

const seconds = (ms) => (ms < 1000 ? `${ms} ms` : ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

function killGroup(child, signal) {
  if (!child?.pid) return;
  try {
    // Negative pid: the whole process group (the child was spawned detached).
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts `start()` (which must spawn with `detached: true`) and watches it.
 *
 * - `restart`: false, or `{ minDelayMs, maxDelayMs, stableAfterMs, maxQuickFailures }`: restarted
 *   after minDelayMs, doubling while it keeps dying within stableAfterMs of its start, up to
 *   maxDelayMs; after maxQuickFailures such quick deaths in a row it is left stopped and
 *   `onGiveUp` is told.
 * - `onExit({ name, code, signal, reason })`: an exit that is not restarted (not after stop()).
 * - `log(line)`: one line per event.
 */
export function supervise({ name, start, restart = false, onExit = () => {}, onGiveUp = () => {}, log = console.log }) {
  const policy = restart ? { minDelayMs: 1000, maxDelayMs: 30_000, stableAfterMs: 30_000, maxQuickFailures: Infinity, ...restart } : null;
  let child = null;
  let startedAt = 0;
  let quickFailures = 0;
  let restarts = 0;
  let timer = null;
  let stopping = false;
  const exited = new Set();
  let waiters = [];

  function launch() {
    timer = null;
    startedAt = Date.now();
    let current;
    try {
      current = start();
    } catch (e) {
      handleExit(null, null, null, `could not start: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    child = current;
    // A spawn failure (missing program) may come as 'error' without 'exit'; count each child once.
    current.on("error", (e) => handleExit(current, null, null, `could not start: ${e.message}`));
    current.on("exit", (code, signal) => handleExit(current, code, signal));
  }

  function handleExit(which, code, signal, why) {
    if (which) {
      if (exited.has(which)) return;
      exited.add(which);
      // Anything it left behind in its group (workers, a wrapper's child) goes too, so a restart finds its port free.
      killGroup(which, "SIGTERM");
    }
    if (which === child) child = null;
    const settled = waiters;
    waiters = [];
    for (const resolve of settled) resolve();
    if (stopping) return;

    const reason = why ?? describeExit(code, signal);
    if (!policy) {
      log(`the ${name} stopped (${reason})`);
      onExit({ name, code, signal, reason });
      return;
    }
    const ranMs = Date.now() - startedAt;
    quickFailures = ranMs < policy.stableAfterMs ? quickFailures + 1 : 1;
    if (quickFailures > policy.maxQuickFailures) {
      log(`the ${name} stopped (${reason}): ${quickFailures} exits in a row, each within ${seconds(policy.stableAfterMs)} of starting; not restarting it again`);
      onGiveUp({ name, code, signal, reason });
      return;
    }
    const delay = backoffMs(quickFailures, policy);
    restarts += 1;
    log(`the ${name} stopped (${reason}); restarting it in ${seconds(delay)} (restart ${restarts})`);
    timer = setTimeout(launch, delay);
  }

  launch();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    /** Stops it (and its group) and any pending restart; SIGKILL after graceMs. Resolves once it has exited. */
    stop(signal = "SIGTERM", graceMs = 5000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const target = child;
      if (!target || exited.has(target)) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => killGroup(target, "SIGKILL"), graceMs);
        waiters.push(() => {
          clearTimeout(kill);
          resolve();
        });
        killGroup(target, signal);
      });
    },
  };
}
