"use client";

import { createContext, useContext } from "react";
import type { Role } from "@/lib/auth/roles";

/**
 * The signed-in person's role, for what the browser offers (the server checks every action
 * again): set once by the app's layout. An admin may lift the checks' block on an approve with a
 * reason; others are told why a post cannot be approved instead.
 */
const ViewerRoleContext = createContext<Role | null>(null);

export function ViewerRole({ role, children }: { role: Role; children: React.ReactNode }) {
  return <ViewerRoleContext.Provider value={role}>{children}</ViewerRoleContext.Provider>;
}

export const useViewerRole = (): Role | null => useContext(ViewerRoleContext);
export const useIsAdmin = (): boolean => useViewerRole() === "admin";
