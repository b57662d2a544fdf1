import "server-only";
import { existsSync } from "node:fs";
import { join } from "node:path";

/*
 * DejaVu Sans from the dejavu-fonts-ttf package (TrueType, Cyrillic included),
 * so `npm ci` brings the font and the PDF and the chart images print Russian
 * on any machine, without the system's fonts. Looked up from the working
 * directory: the server bundle has no stable __dirname.
 */
const DIR = join("node_modules", "dejavu-fonts-ttf", "ttf");

function font(file: string): string {
  const path = join(process.cwd(), DIR, file);
  if (!existsSync(path)) throw new Error(`report font missing: ${path} (npm ci installs dejavu-fonts-ttf)`);
  return path;
}

export const reportFonts = () => ({ regular: font("DejaVuSans.ttf"), bold: font("DejaVuSans-Bold.ttf") });
