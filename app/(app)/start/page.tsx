import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/current-user";
import { landingPath } from "@/lib/auth/landing";

// The sign-in's default destination: each role lands on its page (lib/auth/landing.ts).
export default async function StartPage() {
  const user = await getCurrentUser();
  redirect(user ? landingPath(user.role) : "/login");
}
