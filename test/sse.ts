/**
 * Reads a text/event-stream Response block by block, for tests of
 * GET /api/events: each block is a comment (heartbeat) or a message with its
 * fields, the way an EventSource would see them.
 */
export type SseBlock = { comment?: string; event?: string; id?: string; data?: string; retry?: number };

export type SseReader = {
  next(timeoutMs?: number): Promise<SseBlock>;
  /** Skips blocks until one matches. */
  until(match: (b: SseBlock) => boolean, timeoutMs?: number): Promise<SseBlock>;
  /** Resolves true when the server ends the stream within the time. */
  ended(timeoutMs?: number): Promise<boolean>;
  cancel(): Promise<void>;
};

function parse(block: string): SseBlock {
  const out: SseBlock = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) out.comment = line.slice(1).trim();
    const m = /^(event|id|data|retry): ?(.*)$/.exec(line);
    if (!m) continue;
    const [, field, value] = m as unknown as [string, keyof SseBlock, string];
    if (field === "retry") out.retry = Number(value);
    else if (field !== "comment") out[field] = value;
  }
  return out;
}

export function sseReader(res: Response): SseReader {
  if (!res.body) throw new Error("no body");
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let done = false;

  const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
    Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms).unref())]);

  async function next(timeoutMs = 3_000): Promise<SseBlock> {
    return withTimeout(
      (async () => {
        for (;;) {
          const end = buffer.indexOf("\n\n");
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            return parse(block);
          }
          if (done) throw new Error("stream ended");
          const { value, done: finished } = await reader.read();
          if (finished) done = true;
          else buffer += value;
        }
      })(),
      timeoutMs,
      "an event-stream block",
    );
  }

  return {
    next,
    async until(match, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const b = await next(Math.max(1, deadline - Date.now()));
        if (match(b)) return b;
      }
    },
    async ended(timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      try {
        for (;;) await next(Math.max(1, deadline - Date.now()));
      } catch (e) {
        return e instanceof Error && e.message === "stream ended";
      }
    },
    cancel: () => reader.cancel(),
  };
}
