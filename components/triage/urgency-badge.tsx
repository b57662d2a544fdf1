"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { labelOr } from "@/i18n/keys";

/** The server's "due soon" threshold (configurable, 120 min by default): the `due_2h` label says the real one. */
export const DueSoonMinutes = createContext(120);

/** The inbox's urgency levels, most urgent first (the server computes them from the planned time). */
export const URGENCIES = ["overdue", "due_2h", "today", "later"] as const;
export type Urgency = (typeof URGENCIES)[number];

const TONES: Record<Urgency, BadgeProps["tone"]> = { overdue: "danger", due_2h: "warning", today: "info", later: "neutral" };

/** Each level has its own shape, so urgency never rests on colour alone (and the text says it too). */
function UrgencyIcon({ urgency }: { urgency: string }) {
  const common = { width: 12, height: 12, viewBox: "0 0 16 16", "aria-hidden": true, focusable: false, className: "shrink-0" } as const;
  switch (urgency) {
    case "overdue": // a warning triangle
      return (
        <svg {...common} fill="currentColor">
          <path d="M8 1.5 15 14H1L8 1.5Zm-.75 4.5v4h1.5V6h-1.5Zm0 5.25v1.5h1.5v-1.5h-1.5Z" />
        </svg>
      );
    case "due_2h": // an hourglass
      return (
        <svg {...common} fill="currentColor">
          <path d="M3 1h10v1.5h-1v1.8c0 1.3-.8 2.5-2 3.2v1c1.2.7 2 1.9 2 3.2v1.8h1V15H3v-1.5h1v-1.8c0-1.3.8-2.5 2-3.2v-1C4.8 6.8 4 5.6 4 4.3V2.5H3V1Zm2.5 1.5v1.8c0 1 .7 1.9 1.7 2.2l.3.1v2.8l-.3.1c-1 .3-1.7 1.2-1.7 2.2v1.8h5v-1.8c0-1-.7-1.9-1.7-2.2l-.3-.1V6.6l.3-.1c1-.3 1.7-1.2 1.7-2.2V2.5h-5Z" />
        </svg>
      );
    case "today": // a clock
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.6">
          <circle cx="8" cy="8" r="6.2" />
          <path d="M8 4.5V8l2.5 1.5" strokeLinecap="round" />
        </svg>
      );
    default: // a calendar (later, or a level this page does not know)
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.6">
          <rect x="2" y="3" width="12" height="11" rx="1.5" />
          <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" strokeLinecap="round" />
        </svg>
      );
  }
}

/** How soon the post is due: icon and words; an unknown level shows as it came. `plain`: no badge colours (inside a filter chip). */
export function UrgencyBadge({ urgency, className, plain = false }: { urgency: string; className?: string; plain?: boolean }) {
  const t = useTranslations("review.inbox");
  const minutes = useContext(DueSoonMinutes);
  const tone = (URGENCIES as readonly string[]).includes(urgency) ? TONES[urgency as Urgency] : "neutral";
  const label =
    urgency === "due_2h" && minutes !== 120
      ? minutes % 60 === 0
        ? t("dueSoonHours", { hours: minutes / 60 })
        : t("dueSoonMinutes", { minutes })
      : labelOr(t, "urgency", urgency);
  const content = (
    <>
      <UrgencyIcon urgency={urgency} />
      {label}
    </>
  );
  return plain ? (
    <span data-urgency={urgency} className="inline-flex items-center gap-1">
      {content}
    </span>
  ) : (
    <Badge tone={tone} data-urgency={urgency} className={className}>
      {content}
    </Badge>
  );
}
