"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ShareLinkForm } from "./share-link-form";
import { ShareLinkList } from "./share-link-list";

export type ShareTarget = { task_id: number } | { campaign_id: number };

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
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={"task_id" in target ? t("titlePost", { id: target.task_id }) : t("titleCampaign")}
        closeOnBackdrop={false}
        headerEnd={
          <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
            {t("close")}
          </Button>
        }
      >
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{"task_id" in target ? t("introPost") : t("introCampaign")}</p>
        <ShareLinkForm target={target} />
        <ShareLinkList target={target} />
      </Dialog>
    </>
  );
}
