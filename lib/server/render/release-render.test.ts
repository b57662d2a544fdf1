import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { releaseStackOnAbort } from "./release-render";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * An abort reason created inside a method, as React's is (its receiver is the
 * Immediate that ran the render's last step); returns a WeakRef to that receiver.
 */
function abortFromMethod(controller: AbortController): WeakRef<object> {
  const receiver = {
    payload: new Array(1000).fill("x"),
    finish(this: unknown) {
      controller.abort(new Error("This render completed successfully."));
    },
  };
  receiver.finish();
  return new WeakRef(receiver);
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref(); i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
  return ref.deref() === undefined;
}

describe("releaseStackOnAbort", () => {
  it("lets a kept render's abort reason go of the objects on its stack", async () => {
    const controller = new AbortController();
    releaseStackOnAbort(controller.signal);
    const ref = abortFromMethod(controller);
    expect(await collected(ref)).toBe(true);
    // The reason itself stays readable, with its stack as text.
    expect(String((controller.signal.reason as Error).stack)).toContain("This render completed successfully.");
  });

  it("formats a reason that was set before it was called", async () => {
    const controller = new AbortController();
    const ref = abortFromMethod(controller);
    releaseStackOnAbort(controller.signal);
    expect(await collected(ref)).toBe(true);
  });

  it("shows the retention it prevents: an unformatted stack holds its receivers", async () => {
    const controller = new AbortController();
    const ref = abortFromMethod(controller);
    expect(await collected(ref)).toBe(false);
    void controller.signal.reason;
  });
});
