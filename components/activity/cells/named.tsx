"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { labelOr } from "@/i18n/keys";
import { contactLine, displayName } from "@/lib/audit/people";

const link = "text-blue-800 underline underline-offset-2 dark:text-blue-300";
const small = "block text-xs text-zinc-700 dark:text-zinc-300";

/**
 * Who acted: their name, and under it their role in words («гость по ссылке» for a
 * share-link visitor, never `external:<name>`) and a team member's email.
 */
export function PersonCell({ name, email, role }: { name: string; email: string; role: string }) {
  const t = useTranslations("common");
  const contact = contactLine({ email, role });
  return (
    <span className="block min-w-28 max-w-48">
      <span className="block break-words">{displayName({ email, name, role })}</span>
      <span className={small}>{labelOr(t, "roles", role)}</span>
      {contact && (
        <span title={contact} className={`${small} truncate`}>
          {contact}
        </span>
      )}
    </span>
  );
}

/** The post's number, linked, and its title under it (from the mirror; the number alone when it holds none). */
export function PostCell({ id, title }: { id: number | null; title: string | null }) {
  const t = useTranslations("review.activity");
  if (id === null) return <>—</>;
  return (
    <span className="block min-w-32 max-w-56">
      <Link href={`/posts/${id}`} className={link} aria-label={title ? `${t("postLink", { id })}: ${title}` : t("postLink", { id })}>
        №{id}
      </Link>
      {title && <span className="line-clamp-2 break-words text-xs text-zinc-800 dark:text-zinc-200">{title}</span>}
    </span>
  );
}

/** The campaign by name, linked (by number when the mirror does not hold it). */
export function CampaignCell({ id, name }: { id: number | null; name: string | null }) {
  const t = useTranslations("review.activity.filters");
  if (id === null) return <>—</>;
  return (
    <Link href={`/campaigns/${id}`} className={`${link} block max-w-40 break-words`}>
      {name ?? t("campaignNumber", { id })}
    </Link>
  );
}
