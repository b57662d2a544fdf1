"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/query-states";
import { notify } from "@/components/ui/toaster";
import { sendPostToTelegram } from "@/lib/queries/telegram";

/** «Отправить в Telegram»: the post's card, with its buttons, to the person's own chat with the bot. */
export function SendToTelegram({ id }: { id: number }) {
  const t = useTranslations("notify.telegram");
  const errorText = useErrorText();
  const send = useMutation({
    mutationFn: () => sendPostToTelegram(id),
    onSuccess: () => notify("success", t("sent")),
    onError: (e) => notify("error", errorText(e)),
  });
  return (
    <Button size="sm" onClick={() => send.mutate()} disabled={send.isPending} data-testid="send-to-telegram">
      {t("send")}
    </Button>
  );
}
