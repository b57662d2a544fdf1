import type { Role } from "./roles";
import { addUser, usersFileSnapshot, type StoredUser, type UsersFileProblem, type UsersFileSnapshot } from "./users-file";

/**
 * Where the password users live: the users file (embedded mode, one
 * instance) or the database (production mode, so a user added on one machine
 * is known to every instance). Credentials sign-in, the session re-check and
 * `npm run user:add` all go through this. No `server-only` import: the CLI
 * uses the file store outside Next.
 */
export interface UsersStore {
  /** For messages: the file's path, or "the database". */
  readonly where: string;
  /** The user with this (normalised) email, if any. Throws when the store cannot be read. */
  find(email: string): Promise<StoredUser | undefined>;
  /** Adds a user; with `force` replaces one of the same email, else throws DuplicateUserError. */
  add(user: NewUser, options?: { force?: boolean }): Promise<{ replaced: boolean }>;
}

export type NewUser = { email: string; name: string; role: Role; passwordHash: string };

/**
 * The users file (AUTH_USERS_FILE). Read through its stat-keyed snapshot, so a
 * lookup costs one stat() until the file changes; `onSkipped` hears once per
 * version of the file about entries that did not parse.
 */
export function fileUsersStore(path: string, onSkipped?: (problems: readonly UsersFileProblem[]) => void): UsersStore {
  return {
    where: path,
    async find(email) {
      const snapshot = await usersFileSnapshot(path);
      if (snapshot.problems.length > 0 && onSkipped && !reported.has(snapshot)) {
        reported.add(snapshot);
        onSkipped(snapshot.problems);
      }
      return snapshot.users.get(email);
    },
    add: (user, options) => addUser(path, user, options),
  };
}

const reported = new WeakSet<UsersFileSnapshot>();
