import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { reachableSources, resolveImport, ROOT, withoutComments } from "@/test/module-graph";

/*
 * The layers point one way: app/ and components/ use lib/, never the reverse. A lib module that
 * imports a route handler or a component drags React or a route bundle into the server's core (and
 * into every test of it); test support that needs route handlers belongs in test/. Type-only
 * imports count too: they tie lib's shapes to a page's. Test files (*.test.*) are leaves nothing
 * imports, so they may reach what they test wherever it lives. And lib/ holds what the dashboard
 * runs: a module there that only tests import (a behaviour suite, a fake) belongs in test/.
 */

// Every import, type-only ones included: `… from "x"`, `import "x"`, `import("x")`, `export … from "x"`.
const ANY_IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/**
 * Files being rewritten elsewhere that still break the rule; move them (to test/, or the test next to
 * what it tests) and take them off this list. The list must stay current: see the last test.
 */
const PENDING: Record<string, string> = {
};

/**
 * Server-only code ("server-only" imported) outside lib/server/, to move there; take each off as it moves.
 */
const SERVER_ONLY_PENDING: Record<string, string> = {
};

/** Lib modules only tests import yet, being written elsewhere now; move them to test/ and take them off. */
const TEST_ONLY_PENDING: Record<string, string> = {
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

const SERVER_ONLY = /^\s*import\s+["']server-only["'];?\s*$/m;
const SERVER_HOMES = /^lib\/server\//;
/** next-intl's request config (next.config.mjs names it): the one place i18n/ wires in lib's request time zone. */
const I18N_ENTRY = "i18n/request.ts";

/** Where server-only code lives outside its home, in the folders that hold code for both sides. */
function serverOnlyAwayFromHome(): string[] {
  return ["lib", "components", "i18n"]
    .flatMap(sourcesUnder)
    .filter((file) => !SERVER_HOMES.test(file) && SERVER_ONLY.test(withoutComments(readFileSync(join(ROOT, file), "utf8"))));
}

/** The files every "use client" module reaches through its non-type imports: what the browser bundles. */
function browserReach(): Map<string, string> {
  const clients = ["app", "components", "lib", "i18n"]
    .flatMap(sourcesUnder)
    .filter((file) => /^\s*["']use client["']/.test(readFileSync(join(ROOT, file), "utf8")));
  const reached = new Map<string, string>();
  for (const entry of clients) {
    for (const file of reachableSources(entry).keys()) {
      const rel = relative(ROOT, file);
      if (!reached.has(rel)) reached.set(rel, entry);
    }
  }
  return reached;
}

describe("server code stays on the server", () => {
  it("every non-test module under lib/server/ imports \"server-only\"", () => {
    const unfenced = sourcesUnder("lib/server").filter((file) => /\.tsx?$/.test(file) && !SERVER_ONLY.test(withoutComments(readFileSync(join(ROOT, file), "utf8"))));
    expect(unfenced).toEqual([]);
  });

  it("server-only code lives under lib/server/", () => {
    expect(serverOnlyAwayFromHome().filter((file) => !(file in SERVER_ONLY_PENDING))).toEqual([]);
  });

  it("the pending server-only list names only files that exist and are still away from home", () => {
    const away = new Set(serverOnlyAwayFromHome());
    expect(Object.keys(SERVER_ONLY_PENDING).filter((file) => !away.has(file))).toEqual([]);
  });

  it("no browser module reaches lib/server/, even through a shared one", () => {
    const leaks = [...browserReach()].filter(([file]) => file.startsWith("lib/server/")).map(([file, from]) => `${from} → … → ${file}`);
    expect(leaks).toEqual([]);
  });
});

describe("i18n/ and lib/", () => {
  it("point one way: lib/ imports i18n/, i18n/ never imports lib/ (bar next-intl's entry)", () => {
    const offenders = sourcesUnder("i18n")
      .filter((file) => file !== I18N_ENTRY)
      .flatMap((file) => {
        const source = withoutComments(readFileSync(join(ROOT, file), "utf8"));
        return [...source.matchAll(ANY_IMPORT)]
          .map((m) => resolveImport(join(ROOT, file), (m[1] ?? m[2] ?? m[3]) as string))
          .filter((t): t is string => t !== null)
          .map((t) => relative(ROOT, t))
          .filter((t) => t.startsWith("lib/"))
          .map((t) => `${file} → ${t}`);
      });
    expect(offenders).toEqual([]);
  });
});

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

  it("nothing in lib/ is imported only by tests (test support lives in test/)", () => {
    const offenders = onlyForTests(projectSources()).filter((line) => !(line.split(" ← ")[0]! in TEST_ONLY_PENDING));
    expect(offenders).toEqual([]);
  });

  it("the pending test-only list names only lib modules that still only tests import", () => {
    const current = new Set(onlyForTests(projectSources()).map((line) => line.split(" ← ")[0]));
    expect(Object.keys(TEST_ONLY_PENDING).filter((file) => !current.has(file))).toEqual([]);
  });

  it("sees a lib module that only tests import (the check can fail)", () => {
    const files = new Map([
      ["lib/a.ts", 'export const a = 1;'],
      ["lib/b.ts", 'export const b = 1;'],
      ["lib/a.test.ts", 'import { a } from "./a";\nimport { b } from "@/lib/b";'],
      ["test/support/x.ts", 'import type { B } from "../../lib/b";'],
      ["app/page.tsx", 'import { a } from "@/lib/a";'],
    ]);
    expect(onlyForTests(files)).toEqual(["lib/b.ts ← lib/a.test.ts, test/support/x.ts"]);
  });
});

/** Test code: test files anywhere, and everything under test/ and e2e/. */
const isTestCode = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || /^(test|e2e)\//.test(file);

/** Every source file of the project (outside node_modules and builds), by path, with its text. */
function projectSources(dir = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".") || e.name === "data" || e.name === "test-results") continue;
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of projectSources(path)) out.set(k, v);
    else if (/\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts")) out.set(path, readFileSync(join(ROOT, path), "utf8"));
  }
  return out;
}

/** The lib modules whose importers are all test code, as `module ← importers`. */
function onlyForTests(files: Map<string, string>): string[] {
  const importers = new Map<string, string[]>();
  for (const [file, text] of files) {
    // Line comments first: one may hold "/*" (a path like /api/auth/*) that is not a block comment's start.
    for (const m of withoutComments(text.replace(/^\s*\/\/.*$/gm, "")).matchAll(ANY_IMPORT)) {
      const spec = (m[1] ?? m[2] ?? m[3]) as string;
      const base = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? join(file, "..", spec) : null;
      if (base === null) continue;
      const target = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => files.has(c));
      if (target) importers.set(target, [...(importers.get(target) ?? []), file]);
    }
  }
  return [...importers]
    .filter(([target, from]) => target.startsWith("lib/") && !isTestCode(target) && from.every(isTestCode))
    .map(([target, from]) => `${target} ← ${[...new Set(from)].sort().join(", ")}`)
    .sort();
}
