import type { BannedPhrase } from "@/lib/checks/rules";

/*
 * The banned list as an admin edits it: one phrase a line,
 * «фраза | warn или block | заметка». Only the separators are read here;
 * the phrase itself is validated by the server's schema (and named in its 400).
 */

// What people type for a severity: the schema's words in any case, their Russian names, or nothing (warn).
const SEVERITY = new Map<string, BannedPhrase["severity"]>([
  ...["", "warn", "warning", "предупреждение", "предупреждать", "предупредить"].map((w) => [w, "warn"] as const),
  ...["block", "блок", "блокировать", "блокирует", "запрет", "запретить"].map((w) => [w, "block"] as const),
]);

export type ParsedLines = { ok: true; banned: BannedPhrase[] } | { ok: false; line: number };

export function toLines(banned: readonly BannedPhrase[]): string {
  return banned.map((b) => [b.phrase, b.severity, b.note].filter((x, i) => i < 2 || x).join(" | ")).join("\n");
}

export function fromLines(text: string): ParsedLines {
  const banned: BannedPhrase[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const [phrase = "", written = "", ...note] = raw.split("|").map((s) => s.trim());
    const severity = SEVERITY.get(written.toLowerCase().replaceAll("ё", "е"));
    if (!severity) return { ok: false, line: i + 1 };
    banned.push({ phrase, severity, note: note.join(" | ") });
  }
  return { ok: true, banned };
}
