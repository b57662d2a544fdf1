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
  | "sessions:manage" // see and end anyone's sign-in sessions
  | "comment" // write comments on posts (every role)
  | "verdict" // give a reviewer's verdict ("ok" / "changes") on a post's active version
  | "policy:manage" // set a campaign's approval policy (1 or 2 steps)
  | "share:manage" // create, list and revoke share links for people without an account
  | "analytics:review"; // review-process analytics (/analytics/review)

const GRANTS: Record<Role, readonly Permission[]> = {
  editor: ["read", "decide", "comment", "verdict", "share:manage"],
  reviewer: ["read", "comment", "verdict"],
  manager: ["read", "audit:read", "comment", "analytics:review"],
  admin: ["read", "decide", "audit:read", "health:detail", "sessions:manage", "comment", "verdict", "policy:manage", "share:manage", "analytics:review"],
};

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export type SessionUser = { email: string; name: string; role: Role };
