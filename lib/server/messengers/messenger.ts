import "server-only";

/** A button under a message: a press (its short id) or a link. */
export type Button = { text: string; press: string } | { text: string; url: string };
export type Keyboard = Button[][];

/**
 * What the messenger layer asks of an adapter: send, edit, answer. Cards,
 * presses, linking, reminders and audit are the layer's; an adapter only
 * translates these calls to its service's API. Chats and messages are named
 * as the layer stores them: Telegram's as they are, MAX's with "max:".
 */
export interface Messenger {
  readonly name: "telegram" | "max";
  /** NEXTAUTH_URL: the dashboard's links on cards. */
  readonly baseUrl: string;
  /** The longest text one message may hold. */
  readonly textLimit: number;
  /** Whether that limit counts the markup too (the text as sent), not only what is shown. */
  readonly limitCountsMarkup: boolean;
  /** Whether a link button to this URL is accepted (Telegram refuses localhost); else the link is sent on a press. */
  urlButtonAllowed(url: string): boolean;
  /** Sends text (the small HTML subset both speak: b, i, a) with buttons; returns the message's id. */
  send(chat: string, html: string, o?: { buttons?: Keyboard; replyTo?: string | null }): Promise<string>;
  /** The post's pictures before its card; a failure is the caller's to log. */
  sendPictures(chat: string, urls: readonly string[]): Promise<void>;
  /** Replaces a message's text and buttons (none: the card is closed). */
  edit(chat: string, message: string, html: string, buttons: Keyboard): Promise<void>;
  /** Replaces only the buttons. */
  editButtons(chat: string, message: string, buttons: Keyboard): Promise<void>;
  /** An error as text fit for a log (no token in it). */
  safeError(e: unknown): string;
}
