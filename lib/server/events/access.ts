import "server-only";
import { can, type Permission, type Role } from "@/lib/auth/roles";
import type { DashboardEvent } from "@/lib/events/schema";

/**
 * What a person must be allowed to read to be told of an event: the same
 * permission the route it makes the page refetch asks for. Today every role
 * reads posts, campaigns and bulk progress; comments and presence will add
 * their own rows here.
 */
const NEEDS: Record<DashboardEvent["type"], Permission> = {
  post: "read",
  campaign: "read",
  bulk: "read",
  comment: "read",
  verdict: "read",
  presence: "read",
  notification: "read",
};

export function mayReceive(role: Role, event: DashboardEvent, email?: string): boolean {
  // A notification is one person's: only the streams signed in as them hear of it.
  if (event.type === "notification" && event.to.toLowerCase() !== email?.toLowerCase()) return false;
  return can(role, NEEDS[event.type]);
}
