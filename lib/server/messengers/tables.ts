import "server-only";
/** The tables of migration 0015_telegram, added to the Database type by interface merging. */
declare module "@/lib/server/db/schema" {
  interface Database {
    telegram_links: TelegramLinksTable;
    telegram_link_codes: TelegramLinkCodesTable;
    telegram_cards: TelegramCardsTable;
    telegram_buttons: TelegramButtonsTable;
    telegram_prompts: TelegramPromptsTable;
    telegram_chats: TelegramChatsTable;
    telegram_rules: TelegramRulesTable;
    telegram_steps: TelegramStepsTable;
    max_links: MaxLinksTable;
    messenger_prefs: MessengerPrefsTable;
  }
}

export interface TelegramLinksTable {
  /** The sign-in email, lower-case. */
  email: string;
  tg_user_id: string;
  /** The private chat with the bot (the same number as the user's id). */
  chat_id: string;
  username: string | null;
  /** JSON of TelegramKinds: which cards the person wants here. */
  kinds: string;
  linked_at: string;
}

export interface TelegramLinkCodesTable {
  code_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TelegramCardsTable {
  id: string;
  chat_id: string;
  message_id: number | null;
  /** A MAX card's message id (migration 0023); null for Telegram's. */
  message_ref: string | null;
  task_id: number;
  campaign_id: number | null;
  /** The active version the card shows; a press is pinned to it. */
  version: number | null;
  /** deadline, mention, changes_requested, request, reminder, escalation, team, … */
  kind: string;
  /** A personal card's person; null for a team chat's card (any linked member may act). */
  for_email: string | null;
  created_at: string;
  decided_at: string | null;
  /** The decider's name (shown on the edited card). */
  decided_by: string | null;
  /** "pending" while a press is being decided; then approve, reject, stale, or decided_elsewhere. */
  decision: string | null;
}

export interface TelegramButtonsTable {
  id: string;
  card_id: string;
  /** approve, reject, cat:<code>, noreason, cancel, open */
  action: string;
  created_at: string;
}

export interface TelegramPromptsTable {
  chat_id: string;
  tg_user_id: string;
  card_id: string;
  category: string;
  expires_at: string;
}

export interface TelegramChatsTable {
  campaign_id: number;
  chat_id: string;
  title: string | null;
  bound_by: string;
  bound_at: string;
}

export interface TelegramRulesTable {
  campaign_id: number;
  /** JSON arrays of lower-case emails. */
  approvers: string;
  backups: string;
  remind_hours: number;
  repeat_hours: number;
  escalate_hours: number;
  updated_by: string;
  updated_at: string;
}

export interface TelegramStepsTable {
  task_id: number;
  step: string;
  at: string;
}

/** A person's MAX account (migration 0023_max_links). */
export interface MaxLinksTable {
  email: string;
  /** "max:<user id>", as the layer names MAX users. */
  max_user_id: string;
  /** "max:<chat id>": the dialog with the bot. */
  chat_id: string;
  username: string | null;
  linked_at: string;
  /** JSON of TelegramKinds (migration 0028_max_kinds); null: the defaults. */
  kinds: string | null;
}

/** Where reminders go for a person linked to both messengers (migration 0023_max_links). */
export interface MessengerPrefsTable {
  email: string;
  reminders_to: string;
  updated_at: string;
}
