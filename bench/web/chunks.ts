// Which modules make up each browser chunk of the build, for --diagnose.
//
// The build runs with `--analyze`, which saves Turbopack's module graph;
// `next analyze export` streams it as JSON lines, with a "part" record per
// (chunk, module): the module's source path and its bytes in the chunk, raw
// and compressed. The analyzer names chunks before their final content hash,
// so its names differ from the files in <distDir>/static/chunks: each real file
// is matched to the analyzer chunk of about its size whose modules' string
// literals it contains (rare strings count most).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";

export type ModulePart = { path: string; size: number; compressed: number };
export type ChunkInfo = { file: string; size: number; parts: ModulePart[]; matchedBy: "size" | "content" | "none" };
export type ChunkMap = { chunks: Map<string, ChunkInfo>; note: string | null };

type Part = { type: "part"; filename: string; source_path: string; size: number; compressed_size: number };

function readAnalysis(distDir: string): Map<string, ModulePart[]> | string {
  if (!existsSync(join(distDir, "diagnostics/analyze/history/history.json"))) {
    return `no analyzer data in ${distDir} (build with --analyze; BENCH_SKIP_BUILD=1 reuses an older build)`;
  }
  const r = spawnSync("npx", ["next", "analyze", "export", "--dist-dir", distDir], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) return `next analyze export failed: ${(r.stderr || "").trim().split("\n").slice(-3).join(" ")}`;
  const byChunk = new Map<string, Map<string, ModulePart>>();
  for (const line of r.stdout.split("\n")) {
    if (!line.startsWith('{"type":"part"')) continue;
    const p = JSON.parse(line) as Part;
    if (!p.filename.includes("/static/chunks/") || !p.filename.endsWith(".js")) continue;
    const file = basename(p.filename);
    const parts = byChunk.get(file) ?? new Map<string, ModulePart>();
    // The same chunk is listed under every route that loads it: once is enough.
    parts.set(p.source_path, { path: p.source_path, size: p.size, compressed: p.compressed_size });
    byChunk.set(file, parts);
  }
  return new Map([...byChunk].map(([file, parts]) => [file, [...parts.values()]]));
}

/**
 * String literals of a module's source that survive minification (not import
 * specifiers or directives), to look for in the built files.
 */
function probes(sourcePath: string, n = 4): string[] {
  const file = sourcePath.replace(/^\[project\]\//, "");
  if (file === sourcePath || !existsSync(file)) return [];
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const code = text
    .split("\n")
    .filter((l) => !/^\s*(import\b|export\s.*\sfrom\s|["']use (client|server|strict)["'])/.test(l) && !/require\(/.test(l))
    .join("\n");
  const found = new Set<string>();
  for (const m of code.matchAll(/(["'`])([^"'`\\\n$]{8,80})\1/g)) {
    if (m[2] && /[a-z]{3}/i.test(m[2])) found.add(m[2]);
    if (found.size >= n) break;
  }
  return [...found];
}

type Candidate = { file: string; parts: ModulePart[]; size: number; probes: string[] };

export function mapChunks(distDir: string): ChunkMap {
  const analysis = readAnalysis(distDir);
  const dir = join(distDir, "static/chunks");
  const real = (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".js")) : []).map((f) => ({
    f,
    text: readFileSync(join(dir, f), "utf8"),
    size: statSync(join(dir, f)).size,
  }));
  const chunks = new Map<string, ChunkInfo>();
  for (const r of real) chunks.set(r.f, { file: r.f, size: r.size, parts: [], matchedBy: "none" });
  if (typeof analysis === "string") return { chunks, note: analysis };

  const candidates: Candidate[] = [...analysis].map(([file, parts]) => ({
    file,
    parts,
    size: parts.reduce((s, p) => s + p.size, 0),
    probes: [...new Set([...parts].sort((a, b) => b.size - a.size).slice(0, 10).flatMap((p) => probes(p.path)))],
  }));
  // A string found in many files says little about which one holds the module.
  const filesWith = new Map<string, number>();
  for (const c of candidates) for (const p of c.probes) if (!filesWith.has(p)) filesWith.set(p, real.filter((r) => r.text.includes(p)).length);

  // Every plausible pair, scored by the share of the analyzer chunk's telling
  // strings found in the file (each weighted by how rare it is), then by size.
  const pairs: { r: (typeof real)[number]; c: Candidate; content: number; sizeDiff: number }[] = [];
  for (const r of real) {
    for (const c of candidates) {
      const sizeDiff = Math.abs(c.size - r.size) / Math.max(1, r.size);
      if (sizeDiff > 0.25) continue;
      const telling = c.probes.filter((p) => (filesWith.get(p) ?? 0) > 0 && (filesWith.get(p) ?? 0) <= 3);
      const content = telling.length ? telling.filter((p) => r.text.includes(p)).reduce((s, p) => s + 1 / (filesWith.get(p) ?? 1), 0) / telling.length : -1;
      // No telling strings at all: only a near-exact size says anything.
      if (content < 0 ? sizeDiff <= 0.005 : content >= 0.3) pairs.push({ r, c, content, sizeDiff });
    }
  }
  pairs.sort((a, b) => b.content - a.content || a.sizeDiff - b.sizeDiff);
  const taken = new Set<string>();
  for (const { r, c, content } of pairs) {
    if (taken.has(c.file) || chunks.get(r.f)?.matchedBy !== "none") continue;
    taken.add(c.file);
    chunks.set(r.f, { file: r.f, size: r.size, parts: c.parts, matchedBy: content < 0 ? "size" : "content" });
  }
  const missed = [...chunks.values()].filter((c) => c.matchedBy === "none" && c.size > 2048).length;
  return { chunks, note: missed ? `${missed} chunks over 2 KB could not be matched to the analyzer's module lists` : null };
}

/** "react-dom", "@tanstack/query-core", "next", or the project path ("components/queue/queue-view.tsx"). */
export function ownerOf(sourcePath: string): string {
  const p = sourcePath.replace(/^\[project\]\//, "");
  const nm = p.lastIndexOf("node_modules/");
  if (nm === -1) return p;
  const rest = p.slice(nm + "node_modules/".length).split("/");
  const pkg = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1] ?? ""}` : (rest[0] ?? p);
  // Next vendors React and friends: name them, they are not "next".
  const compiled = p.match(/node_modules\/next\/dist\/compiled\/((?:@[^/]+\/)?[^/]+)/);
  return pkg === "next" && compiled?.[1] ? `${compiled[1]} (in next)` : pkg;
}

/** A chunk's bytes grouped by package (or project folder), largest first, compressed bytes. */
export function owners(info: ChunkInfo, limit = 5): { owner: string; compressed: number; modules: number }[] {
  const by = new Map<string, { compressed: number; modules: number }>();
  for (const p of info.parts) {
    // Files outside node_modules (the project's, Turbopack's runtime) are grouped by folder.
    const own = !p.path.includes("/node_modules/");
    const owner = own ? ownerOf(p.path).split("/").slice(0, 2).join("/") : ownerOf(p.path);
    const o = by.get(owner) ?? { compressed: 0, modules: 0 };
    o.compressed += p.compressed;
    o.modules += 1;
    by.set(owner, o);
  }
  return [...by]
    .map(([owner, v]) => ({ owner, ...v }))
    .sort((a, b) => b.compressed - a.compressed)
    .slice(0, limit);
}

/** The largest modules of a chunk, by compressed bytes. */
export function topModules(info: ChunkInfo, limit = 4): ModulePart[] {
  return [...info.parts].sort((a, b) => b.compressed - a.compressed).slice(0, limit);
}
