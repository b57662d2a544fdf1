// GET/POST /api/auth/* – next-auth: sign-in (credentials, oidc), callbacks, session, CSRF, sign-out
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
