import type { StoredUser } from "./users-file";

/**
 * The four demo sign-ins, present only with DEMO=1 (`npm run demo`).
 * Password "demo" for all; the hash is of "demo" at the normal cost so that
 * demo and real sign-ins take the same time.
 */
const DEMO_HASH = "$2b$10$4gUFDrnQ1t.6pYAFnc1lF.i/rpRFP7M7i1p7yRyAhAgYoHM5LCEDO";

export const DEMO_PASSWORD = "demo";

export const DEMO_USERS: readonly StoredUser[] = [
  { email: "editor@example.com", name: "Анна Кузнецова", role: "editor", passwordHash: DEMO_HASH },
  { email: "reviewer@example.com", name: "Борис Соколов", role: "reviewer", passwordHash: DEMO_HASH },
  { email: "manager@example.com", name: "Вера Попова", role: "manager", passwordHash: DEMO_HASH },
  { email: "admin@example.com", name: "Григорий Лебедев", role: "admin", passwordHash: DEMO_HASH },
];
