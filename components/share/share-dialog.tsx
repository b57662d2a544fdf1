"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { ShareTarget } from "./share-button";
import { ShareLinkForm } from "./share-link-form";
import { ShareLinkList } from "./share-link-list";

/** The open "share for approval" dialog; loaded by ShareButton on its first opening. */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const t = useTranslations("share.manage");
  return (
    <Dialog
      open
      onClose={onClose}
      title={"task_id" in target ? t("titlePost", { id: target.task_id }) : t("titleCampaign")}
      closeOnBackdrop={false}
      headerEnd={
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t("close")}
        </Button>
      }
    >
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{"task_id" in target ? t("introPost") : t("introCampaign")}</p>
      <ShareLinkForm target={target} />
      <ShareLinkList target={target} />
    </Dialog>
  );
}
