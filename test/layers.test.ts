import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveImport, ROOT, withoutComments } from "@/test/module-graph";

/*
 * The layers point one way: app/ and components/ use lib/, never the reverse. A lib module that
 * imports a route handler or a component drags React or a route bundle into the server's core (and
 * into every test of it); test support that needs route handlers belongs in test/. Type-only
 * imports count too: they tie lib's shapes to a page's. Test files (*.test.*) are leaves nothing
 * imports, so they may reach what they test wherever it lives.
 */

// Every import, type-only ones included: `… from "x"`, `import "x"`, `import("x")`, `export … from "x"`.
const ANY_IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/**
 * Files being rewritten elsewhere that still break the rule; move them (to test/, or the test next to
 * what it tests) and take them off this list. The list must stay current: see the last test.
 */
const PENDING: Record<string, string> = {
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The project files `file` (its text read unless given) imports that lie under app/ or components/. */
function upwardImports(file: string, text = readFileSync(join(ROOT, file), "utf8")): string[] {
  const source = withoutComments(text);
  const targets = [...source.matchAll(ANY_IMPORT)].map((m) => resolveImport(join(ROOT, file), (m[1] ?? m[2] ?? m[3]) as string));
  return targets.filter((t): t is string => t !== null).map((t) => relative(ROOT, t)).filter((t) => /^(app|components)\//.test(t));
}

describe("layers", () => {
  it("nothing in lib/ imports from app/ or components/", () => {
    const offenders = sourcesUnder("lib")
      .filter((file) => !(file in PENDING))
      .flatMap((file) => upwardImports(file).map((target) => `${file} → ${target}`));
    expect(offenders).toEqual([]);
  });

  it("sees an import of a route handler or a component (the check can fail)", () => {
    const text = [
      'import type { Metadata } from "@/app/layout";',
      'import { Dialog } from "../../components/ui/dialog";',
      'const later = () => import("@/components/ui/dialog");',
      '// import { x } from "@/app/layout" (a comment is not an import)',
      'import { z } from "zod";',
    ].join("\n");
    expect(upwardImports("lib/posts/example.ts", text)).toEqual(["app/layout.tsx", "components/ui/dialog.tsx", "components/ui/dialog.tsx"]);
  });

  it("the pending list names only files that exist and still break the rule", () => {
    const lib = new Set(sourcesUnder("lib"));
    const stale = Object.keys(PENDING).filter((file) => !lib.has(file) || upwardImports(file).length === 0);
    expect(stale).toEqual([]);
  });
});
