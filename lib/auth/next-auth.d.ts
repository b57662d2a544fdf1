import type { Role } from "./roles";

// The role travels from authorize()/profile() through the JWT to the session.
declare module "next-auth" {
  interface User {
    role?: Role;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    /** The session record's random id (lib/server/auth/session-store.ts); a token without one is signed out. */
    sid?: string;
  }
}
