import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { landingPath } from "@/lib/auth/landing";
import { getOwnLanding } from "@/lib/server/profile/landing";

// The sign-in's default destination: each person lands on the page they chose on the profile, else their role's (lib/auth/landing.ts).
export default async function StartPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  // A database that cannot answer still lets the person in: their role's page.
  const chosen = await getOwnLanding(user.email).catch(() => null);
  redirect(landingPath(user.role, chosen));
}
