import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Server texts come from messages/ in the reader's language (i18n/server-text.ts), never from a
 * Russian string in the code: this fails on any string or template literal with Cyrillic letters
 * in the server's code. Comments may be in any language. Data that is Russian by nature is listed
 * below with its reason; tests are not server code.
 */
const ROOT = join(__dirname, "..");
const SERVER_DIRS = ["lib/server", "app/api", "lib/auth", "lib/queries", "lib/edge"];
/** Server code at the root: the proxy in front of every route, and the edge's entry. */
const SERVER_FILES = ["proxy.ts", "server.mjs"];

const ALLOWED: Record<string, string> = {
  "lib/auth/demo-users.ts": "the demo's seeded people, whose names are Russian",
  "lib/server/messengers/audit.ts": "the bot's name as the audit log stores it (a record, not a text shown in a language)",
  "lib/server/checks/reach.ts": "why a link does not open, part of a finding's note: the checks write their notes in Russian (lib/checks/*.ts)",
};

const CYRILLIC = /[\u0400-\u04FF]/;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "_tests" ? [] : sources(path);
    // .mjs: the edge in front of Next (lib/edge), plain JavaScript.
    return /\.(tsx?|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every string-like literal of a file with Cyrillic in it, as `line: text`. */
function cyrillicLiterals(file: string, code = readFileSync(join(ROOT, file), "utf8")): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node) || ts.isRegularExpressionLiteral(node)
        ? node.getText(source)
        : undefined;
    if (literal && CYRILLIC.test(literal)) found.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${literal.slice(0, 80)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("server code", () => {
  const files = [...SERVER_DIRS.flatMap(sources), ...SERVER_FILES].filter((f) => !(f in ALLOWED));

  it("is read at all (the folders exist and hold code)", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((f) => [relative(".", f)]))("%s has no Russian string literal (texts come from messages/)", (file) => {
    expect(cyrillicLiterals(file)).toEqual([]);
  });

  it("catches a Russian literal, and leaves comments alone", () => {
    const code = '// Комментарий\nconst a = "Текст";\nconst b = `x ${a} ещё`;\nconst c = "plain";';
    expect(cyrillicLiterals("sample.ts", code)).toEqual(['2: "Текст"', "3: } ещё`"]);
  });
});
