import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { campaignNames, postTitles } from "@/lib/server/posts/titles";
import type { AuditChoices, Named } from "@/lib/schemas/audit";

/**
 * What the activity page's pickers offer: every campaign and every person the
 * audit trail (decisions and other actions) has a row for, by name. Campaign
 * names come from the campaign mirror; a campaign it does not hold (deleted
 * upstream) keeps only its number. Database only: no upstream read.
 */
export async function auditChoices(): Promise<AuditChoices> {
  await ensureMigrated();
  const d = db();
  const [decisionPeople, eventPeople, decisionCampaigns, eventCampaigns, names] = await Promise.all([
    d.selectFrom("audit_log").select((eb) => ["user_email as email", "user_name as name", "role", eb.fn.max("at").as("last")]).groupBy(["user_email", "user_name", "role"]).execute(),
    d.selectFrom("audit_events").select((eb) => ["actor_email as email", "actor_name as name", "role", eb.fn.max("at").as("last")]).groupBy(["actor_email", "actor_name", "role"]).execute(),
    d.selectFrom("audit_log").select("campaign_id").distinct().where("campaign_id", "is not", null).execute(),
    d.selectFrom("audit_events").select("campaign_id").distinct().where("campaign_id", "is not", null).execute(),
    campaignNames(),
  ]);
  // One entry per email: the name and role it was last seen with.
  const people = new Map<string, { email: string; name: string; role: string; last: string }>();
  for (const p of [...decisionPeople, ...eventPeople]) {
    const last = String(p.last ?? "");
    const held = people.get(p.email);
    if (!held || last > held.last) people.set(p.email, { email: p.email, name: p.name, role: p.role, last });
  }
  const campaignIds = new Set<number>([...names.keys()]);
  for (const r of [...decisionCampaigns, ...eventCampaigns]) if (r.campaign_id !== null) campaignIds.add(Number(r.campaign_id));
  const collator = new Intl.Collator("ru");
  return {
    campaigns: [...campaignIds]
      .map((id) => ({ id, name: names.get(id) ?? null }))
      .sort((a, b) => (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) || collator.compare(a.name ?? "", b.name ?? "") || a.id - b.id),
    people: [...people.values()]
      .map(({ email, name, role }) => ({ email, name, role }))
      // Team members first, then link visitors; each by name.
      .sort((a, b) => Number(a.role === "external") - Number(b.role === "external") || collator.compare(a.name, b.name) || a.email.localeCompare(b.email)),
  };
}

/** Rows of the audit answers with their post's title and campaign's name, from the mirror (one query each). */
export async function withNames<T extends { task_id: number | null; campaign_id: number | null }>(items: readonly T[]): Promise<(T & Named)[]> {
  const posts = items.flatMap((i) => (i.task_id === null ? [] : [i.task_id]));
  const campaigns = items.flatMap((i) => (i.campaign_id === null ? [] : [i.campaign_id]));
  const [titles, names] = await Promise.all([postTitles(posts), campaignNames(campaigns)]);
  return items.map((i) => ({
    ...i,
    post_title: i.task_id === null ? null : (titles.get(i.task_id) ?? null),
    campaign_name: i.campaign_id === null ? null : (names.get(i.campaign_id) ?? null),
  }));
}
