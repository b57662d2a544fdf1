import bcrypt from "bcryptjs";
import { beforeAll, describe, expect, it } from "vitest";
import { DuplicateUserError } from "@/lib/auth/users-file";
import type { NewUser, UsersStore } from "@/lib/auth/users-store";

/**
 * The users store's behaviour, whatever keeps the users: users-store.test.ts
 * runs it on the file, users-db.test.ts on Postgres. `fresh` gives a factory of
 * stores over one empty backing; two stores from it play two instances.
 */
export function usersStoreContract(name: string, fresh: () => Promise<() => UsersStore>) {
  describe(`UsersStore (${name})`, () => {
    let hash: string;
    beforeAll(async () => {
      hash = await bcrypt.hash("correct horse", 4);
    });
    const olga = (over: Partial<NewUser> = {}): NewUser => ({ email: "Olga@Example.com", name: "Ольга", role: "manager", passwordHash: hash, ...over });

    it("finds a user it added, by the normalised email, and nobody else", async () => {
      const store = (await fresh())();
      expect(await store.find("olga@example.com")).toBeUndefined();
      expect(await store.add(olga())).toEqual({ replaced: false });
      expect(await store.find("olga@example.com")).toEqual({ email: "olga@example.com", name: "Ольга", role: "manager", passwordHash: hash });
      expect(await store.find("other@example.com")).toBeUndefined();
    });

    it("refuses a second user of the same email unless forced, which replaces the first", async () => {
      const store = (await fresh())();
      await store.add(olga());
      await expect(store.add(olga({ email: "OLGA@example.com", name: "Другая" }))).rejects.toBeInstanceOf(DuplicateUserError);
      expect((await store.find("olga@example.com"))?.name).toBe("Ольга");
      const newHash = await bcrypt.hash("new password", 4);
      expect(await store.add(olga({ name: "Ольга П.", role: "admin", passwordHash: newHash }), { force: true })).toEqual({ replaced: true });
      expect(await store.find("olga@example.com")).toEqual({ email: "olga@example.com", name: "Ольга П.", role: "admin", passwordHash: newHash });
      expect(await store.add(olga({ email: "new@example.com" }), { force: true })).toEqual({ replaced: false });
    });

    it("stores nothing that could not sign in: a bad email, an unknown role, a password instead of a hash", async () => {
      const store = (await fresh())();
      await expect(store.add(olga({ email: "not-an-email" }))).rejects.toThrow();
      await expect(store.add(olga({ role: "owner" as NewUser["role"] }))).rejects.toThrow();
      await expect(store.add(olga({ passwordHash: "correct horse" }))).rejects.toThrow();
      expect(await store.find("olga@example.com")).toBeUndefined();
    });

    it("shows a user added through one instance to another", async () => {
      const stores = await fresh();
      const [a, b] = [stores(), stores()];
      expect(await b.find("olga@example.com")).toBeUndefined();
      await a.add(olga());
      expect((await b.find("olga@example.com"))?.role).toBe("manager");
      await a.add(olga({ role: "reviewer" }), { force: true });
      expect((await b.find("olga@example.com"))?.role).toBe("reviewer");
    });
  });
}
