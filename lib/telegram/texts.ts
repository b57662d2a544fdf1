import ruReview from "@/messages/ru/review.json";

/**
 * What the bot says. Russian: the team's language and the upstream's; the
 * status and reject-category labels are the dashboard's own (messages/ru/review.json).
 */
export const T = {
  strangers: "Этот бот работает только для участников команды, связавших аккаунт в профиле панели.",
  linked: (name: string, role: string) => `Готово: этот Telegram связан с ${name} (${role}). Сюда будут приходить карточки постов.`,
  linkFailed: "Ссылка недействительна: она одноразовая и живёт 10 минут. Получите новую в профиле панели.",
  unlinked: "Связь с панелью удалена. Карточки больше не придут.",
  notLinked: "Этот Telegram не связан с панелью.",
  help: "Карточки постов приходят сюда по вашим настройкам уведомлений. /digest — что ждёт решения, /unlink — отвязать Telegram.",
  noDecide: "Ваша роль не позволяет согласовывать и отклонять посты.",
  notYours: "Эта карточка адресована другому участнику.",
  unknownButton: "Кнопка устарела.",
  tooFast: "Слишком часто. Подождите немного.",
  working: "Отправляю решение…",
  alreadyDecided: (by: string, at: string) => `Уже решено: ${by}, ${at}.`,
  approved: (by: string, at: string) => `✅ Согласовано: ${by}, ${at}`,
  rejected: (by: string, at: string, reason: string) => `❌ Отклонено: ${by}, ${at}${reason ? ` — ${reason}` : ""}`,
  decidedElsewhere: (by: string, at: string) => `Решение уже принято: ${by}, ${at}`,
  stale: "⚠️ Текст поста изменился. Кнопки этой карточки больше не действуют — ниже карточка новой версии.",
  versionChanged: "Текст изменился после отправки карточки: решение не отправлено. Пришлю новую версию.",
  pickCategory: "Почему отклонить? Выберите категорию:",
  askReason: (category: string) => `Категория: ${category}. Напишите причину ответом на это сообщение или нажмите «Без причины».`,
  noReason: "Без причины",
  cancel: "Отмена",
  cancelled: "Отклонение отменено.",
  approve: "Согласовать",
  reject: "Отклонить",
  open: "Открыть",
  openLink: (url: string) => `Пост в панели: ${url}`,
  failed: (message: string) => `Не удалось: ${message}`,
  bound: (campaign: number) => `Чат привязан к кампании ${campaign}: сюда будут приходить карточки постов, которые скоро публикуются.`,
  unbound: (campaign: number) => `Чат отвязан от кампании ${campaign}.`,
  bindUsage: "Используйте: /bind <id кампании> (только администратор панели).",
  adminsOnly: "Привязывать чаты может только администратор панели.",
  fullText: "Полный текст",
  checksClean: "Проверки: замечаний нет",
  checks: (block: number, warn: number) => `Проверки: ${[block > 0 ? `блокирующих ${block}` : "", warn > 0 ? `предупреждений ${warn}` : ""].filter(Boolean).join(", ") || "есть замечания"}`,
  version: (v: number | null) => (v === null ? "без активной версии" : `версия ${v}`),
  planned: (when: string) => `Публикация: ${when}`,
  signoff: (state: string) => `Подпись рецензента: ${state}`,
  signoffStates: { none: "нет", signed_off: "есть", changes: "просят правки", not_needed: "не требуется" } as Record<string, string>,
  kind: {
    deadline: (hours: number) => `⏰ Скоро публикация (в пределах ${hours} ч)`,
    mention: (by: string, excerpt: string) => `💬 ${by} упомянул(а) вас: «${excerpt}»`,
    changes_requested: (by: string, note: string) => `✏️ ${by} просит правки: «${note}»`,
    request: "📨 Отправлено из панели",
    team: "⏰ Скоро публикация",
    reminder: (hours: number) => `⏰ Напоминание: до публикации меньше ${hours} ч`,
    escalation: (hours: number) => `🚨 Эскалация: до публикации меньше ${hours} ч, решения нет`,
    overdue: "🚨 Время публикации наступило, а пост всё ещё ждёт решения",
  },
  digestTitle: (n: number) => `Ждут решения: ${n}`,
  digestEmpty: "Сейчас ничего не ждёт вашего решения.",
};

export function statusLabel(status: string): string {
  return (ruReview.status as Record<string, string>)[status] ?? status;
}

export function categoryLabel(code: string): string {
  return (ruReview.rejectCategory as Record<string, string>)[code] ?? code;
}

export function roleLabel(role: string): string {
  return ({ editor: "редактор", reviewer: "рецензент", manager: "менеджер", admin: "администратор" } as Record<string, string>)[role] ?? role;
}

/** A time in the chat's zone (./zone.ts: the person's own, else the team's), with its offset: "01.12, 19:30 GMT+3". */
export function when(ms: number | string, timeZone: string): string {
  return new Intl.DateTimeFormat("ru-RU", { timeZone, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(new Date(ms));
}

export const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);
