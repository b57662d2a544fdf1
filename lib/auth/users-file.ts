import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import * as z from "zod";
import { ROLES, type Role } from "./roles";

/**
 * The users file (AUTH_USERS_FILE): a JSON array of
 * `{ email, name, role, passwordHash }`, written by `npm run user:add`.
 * No `server-only` import: the CLI script runs outside Next.
 */
export const StoredUserSchema = z.object({
  email: z.email().transform(normalizeEmail),
  name: z.string().trim().min(1),
  role: z.enum(ROLES),
  passwordHash: z.string().regex(/^\$2[aby]\$\d{2}\$.{53}$/, "expected a bcrypt hash"),
});
export type StoredUser = z.infer<typeof StoredUserSchema>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type UsersFileProblem = { index: number; message: string };

/**
 * Reads the file; a missing file means no users. Entries that do not parse
 * are skipped and reported rather than locking everybody else out.
 */
export async function readUsersFile(path: string): Promise<{ users: StoredUser[]; problems: UsersFileProblem[] }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { users: [], problems: [] };
    throw error;
  }
  const json: unknown = JSON.parse(text);
  if (!Array.isArray(json)) throw new Error(`${path}: expected a JSON array of users`);
  const users: StoredUser[] = [];
  const problems: UsersFileProblem[] = [];
  json.forEach((item: unknown, index) => {
    const parsed = StoredUserSchema.safeParse(item);
    if (parsed.success) users.push(parsed.data);
    else problems.push({ index, message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
  });
  return { users, problems };
}

export type UsersFileSnapshot = { users: ReadonlyMap<string, StoredUser>; problems: readonly UsersFileProblem[] };
type Snapshot = { key: string; parsed: UsersFileSnapshot } | { key: string; error: Error };
const snapshots = new Map<string, Snapshot>();

/**
 * The file's users by email, re-read only when the file changes. Every
 * session check asks, so the usual cost is one stat(): the file is parsed
 * again only when its inode, size or mtime differ (`npm run user:add`
 * renames a new file into place, which changes the inode). A file that does
 * not parse is remembered as broken until it changes, and reported by throwing.
 */
export async function usersByEmail(path: string): Promise<ReadonlyMap<string, StoredUser>> {
  return (await usersFileSnapshot(path)).users;
}

/** As usersByEmail, with the entries that were skipped; the same object until the file changes. */
export async function usersFileSnapshot(path: string): Promise<UsersFileSnapshot> {
  let key = "missing";
  try {
    const s = await stat(path);
    key = `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  let snap = snapshots.get(path);
  if (snap?.key !== key) {
    try {
      const { users, problems } = await readUsersFile(path);
      const byEmail = new Map<string, StoredUser>();
      // A hand-edited file may repeat an email: the first entry wins, as it always has at sign-in.
      for (const u of users) if (!byEmail.has(u.email)) byEmail.set(u.email, u);
      snap = { key, parsed: { users: byEmail, problems } };
    } catch (error) {
      snap = { key, error: error instanceof Error ? error : new Error(String(error)) };
    }
    snapshots.set(path, snap);
  }
  if ("error" in snap) throw snap.error;
  return snap.parsed;
}

export class DuplicateUserError extends Error {
  constructor(email: string) {
    super(`a user with email ${email} already exists (use --force to replace it)`);
    this.name = "DuplicateUserError";
  }
}

/**
 * Adds (or with `force` replaces) a user, creating the file and its folder if
 * missing. Written to a temporary file then renamed, so a crash never leaves
 * half a file; mode 0600 because it holds password hashes.
 */
export async function addUser(
  path: string,
  user: { email: string; name: string; role: Role; passwordHash: string },
  { force = false }: { force?: boolean } = {},
): Promise<{ replaced: boolean }> {
  const entry = StoredUserSchema.parse(user);
  let existing: unknown[] = [];
  try {
    const json: unknown = JSON.parse(await readFile(path, "utf8"));
    if (!Array.isArray(json)) throw new Error(`${path}: expected a JSON array of users`);
    existing = json;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const sameEmail = (item: unknown) =>
    typeof item === "object" &&
    item !== null &&
    typeof (item as { email?: unknown }).email === "string" &&
    normalizeEmail((item as { email: string }).email) === entry.email;
  const replaced = existing.some(sameEmail);
  if (replaced && !force) throw new DuplicateUserError(entry.email);
  const next = [...existing.filter((item) => !sameEmail(item)), entry];
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, path);
  return { replaced };
}
