"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/query-states";
import { notify } from "@/components/ui/toaster";
import { sendPostTo, type Messenger } from "@/lib/queries/telegram";

/** «Отправить в Telegram» / «Отправить в MAX»: the post's card, with its buttons, to the person's own chat with that bot. */
export function SendCard({ id, to }: { id: number; to: Messenger }) {
  const t = useTranslations(`notify.${to}`);
  const errorText = useErrorText();
  const send = useMutation({
    mutationFn: () => sendPostTo(to, id),
    onSuccess: () => notify("success", t("sent")),
    onError: (e) => notify("error", errorText(e)),
  });
  return (
    <Button size="sm" onClick={() => send.mutate()} disabled={send.isPending} data-testid={`send-to-${to}`}>
      {t("send")}
    </Button>
  );
}
