/**
 * Roles and what each may do (product.md). Checked on the server for every
 * request; the UI uses the same table only to hide what would be refused.
 */
export const ROLES = ["editor", "reviewer", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

export type Permission =
  | "read" // every signed-in person: account, projects, campaigns, posts, engagement
  | "decide" // approve and reject, single or bulk
  | "audit:read" // the audit log of all decisions
  | "health:detail" // upstream, budget and database health
  | "sessions:manage"; // see and end anyone's sign-in sessions

const GRANTS: Record<Role, readonly Permission[]> = {
  editor: ["read", "decide"],
  reviewer: ["read"],
  manager: ["read", "audit:read"],
  admin: ["read", "decide", "audit:read", "health:detail", "sessions:manage"],
};

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export type SessionUser = { email: string; name: string; role: Role };
