"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { signOut } from "@/lib/auth/auth-client";

/**
 * Ends the session (clears the next-auth cookie) and goes to /login.
 * For the app shell; looks like a ghost button unless told otherwise.
 */
export function SignOutButton({ variant = "ghost", size = "sm", className }: Pick<ButtonProps, "variant" | "size" | "className">) {
  const t = useTranslations("auth");
  const [pending, setPending] = useState(false);

  async function onClick() {
    setPending(true);
    try {
      await signOut("/login");
    } catch {
      setPending(false);
    }
  }

  return (
    <Button variant={variant} size={size} className={className} onClick={onClick} disabled={pending} aria-busy={pending}>
      {pending ? t("signingOut") : t("signOut")}
    </Button>
  );
}
