import "server-only";

/*
 * The two Bot API calls a report needs (an album of chart PNGs, then the PDF),
 * made here with fetch and multipart forms: the token and the API root are the
 * bot's own (TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT), read by the caller from
 * the typed env, so tests point it at the local Bot API server.
 */
export type TelegramTarget = { token: string; apiRoot: string };
export type TelegramFile = { name: string; data: Buffer; caption?: string };

async function call(t: TelegramTarget, method: string, form: FormData): Promise<unknown> {
  const res = await fetch(`${t.apiRoot.replace(/\/+$/, "")}/bot${t.token}/${method}`, { method: "POST", body: form, signal: AbortSignal.timeout(30_000) });
  const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: unknown; description?: string } | null;
  if (!res.ok || !body?.ok) throw new Error(`telegram ${method}: ${res.status} ${body?.description ?? ""}`.trim());
  return body.result;
}

/** Up to ten photos as one album (Telegram's limit); a single picture goes as a photo. */
export async function sendAlbum(t: TelegramTarget, chatId: string, photos: readonly TelegramFile[]): Promise<void> {
  const shown = photos.slice(0, 10);
  if (shown.length === 0) return;
  const form = new FormData();
  form.set("chat_id", chatId);
  if (shown.length === 1) {
    form.set("photo", new Blob([new Uint8Array(shown[0]!.data)], { type: "image/png" }), shown[0]!.name);
    if (shown[0]!.caption) form.set("caption", shown[0]!.caption);
    await call(t, "sendPhoto", form);
    return;
  }
  form.set("media", JSON.stringify(shown.map((p, i) => ({ type: "photo", media: `attach://p${i}`, ...(p.caption ? { caption: p.caption } : {}) }))));
  shown.forEach((p, i) => form.set(`p${i}`, new Blob([new Uint8Array(p.data)], { type: "image/png" }), p.name));
  await call(t, "sendMediaGroup", form);
}

export async function sendDocument(t: TelegramTarget, chatId: string, file: TelegramFile): Promise<void> {
  const form = new FormData();
  form.set("chat_id", chatId);
  form.set("document", new Blob([new Uint8Array(file.data)], { type: "application/pdf" }), file.name);
  if (file.caption) form.set("caption", file.caption);
  await call(t, "sendDocument", form);
}
