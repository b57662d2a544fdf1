"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export type ShareTarget = { task_id: number } | { campaign_id: number };

// The dialog with its form and list of links loads on the first opening, not with the page.
const ShareDialog = dynamic(() => import("./share-dialog").then((m) => m.ShareDialog));

/**
 * "Share for approval" for editors and admins (the page mounts it only for
 * them; the routes check again): make a link for this post or this
 * campaign's waiting posts, copy it, and see or revoke the links made before.
 */
export function ShareButton({ target }: { target: ShareTarget }) {
  const t = useTranslations("share.manage");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-share-open>
        {t("open")}
      </Button>
      {open && <ShareDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
