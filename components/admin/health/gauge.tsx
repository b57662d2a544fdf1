import { cn } from "@/lib/cn";

/**
 * A gauge of what is left: role="meter" with its numbers for assistive
 * technology, the same figures as text beside the bar, and a bar whose
 * fill also changes pattern when low, so colour is never the only cue.
 */
/** A gauge's state when its owner knows better than its share (the hour: amber under 20 %, red when spent). */
export type Tone = "ok" | "low" | "spent";

export function Gauge({ label, value, max, valueText, testId, tone }: { label: string; value: number; max: number; valueText: string; testId?: string; tone?: Tone }) {
  const share = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  const state: Tone = tone ?? (share < 0.25 ? "spent" : share < 0.5 ? "low" : "ok");
  const low = state === "spent";
  return (
    <div className="flex flex-col gap-1" data-testid={testId} data-tone={state}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">{valueText}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className="h-3 w-full overflow-hidden rounded-full border border-zinc-400 bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800"
      >
        <div
          className={cn("h-full", low ? "bg-red-700 dark:bg-red-500" : state === "low" ? "bg-amber-600 dark:bg-amber-500" : "bg-green-700 dark:bg-green-500")}
          style={{
            width: `${share * 100}%`,
            backgroundImage: low ? "repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,.45) 4px 6px)" : undefined,
          }}
        />
      </div>
    </div>
  );
}

/** A yes/no state with a mark and a word, not a coloured dot alone. */
export function State({ ok, yes, no, unknown }: { ok: boolean | null; yes: string; no: string; unknown?: string }) {
  if (ok === null) return <span className="font-medium text-zinc-700 dark:text-zinc-300">{unknown ?? "—"}</span>;
  return (
    <span className={cn("inline-flex items-center gap-1 font-medium", ok ? "text-green-800 dark:text-green-300" : "text-red-800 dark:text-red-300")}>
      <span aria-hidden="true">{ok ? "✓" : "✗"}</span>
      {ok ? yes : no}
    </span>
  );
}

/** Working, but not fine: amber, with what is wrong. */
export function Warn({ text }: { text: string }) {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300" data-state="warn">
      <span aria-hidden="true">!</span>
      {text}
    </span>
  );
}

/** A term and its value in a card's list. */
export function Row({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 border-t border-zinc-100 py-1 text-sm first:border-t-0 dark:border-zinc-800" data-testid={testId}>
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}
