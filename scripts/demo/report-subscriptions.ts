import "server-only";
import type { Kysely } from "kysely";
import { DEMO_USERS } from "@/lib/auth/demo-users";
import { can } from "@/lib/auth/roles";
import type { Database } from "@/lib/server/db";
import { addSubscription } from "@/lib/server/reports/schedule/store";
import "./history";

/**
 * The demo people's Monday report: every demo person who may read reports
 * (the manager and the admin) subscribes to the whole team's weekly report
 * by e-mail, on Monday at 00:00 of their zone, so last week's is due as soon
 * as the dashboard starts: the report sender mails it to the demo's mail
 * catcher at its first round after the active campaigns are mirrored (about
 * a minute after the first sign-in), once per week and person
 * (its delivery rows), however often the demo restarts. Written once per
 * database (demo_history part "report_subscriptions"): a person who ends it
 * on the profile keeps it ended.
 */
const PART = "report_subscriptions";

export async function seedDemoReportSubscriptions(d: Kysely<Database>, nowMs = Date.now()): Promise<string[]> {
  if (await d.selectFrom("demo_history").select("part").where("part", "=", PART).executeTakeFirst()) return [];
  const people = DEMO_USERS.filter((u) => can(u.role, "analytics:review")).map((u) => u.email);
  for (const email of people) {
    await addSubscription(d, email, { campaign_id: null, project_id: null, cadence: "weekly", day: 1, hour: 0, by_email: true, by_telegram: false, locale: "ru" }, nowMs);
  }
  await d.insertInto("demo_history").values({ part: PART, seeded_at: new Date(nowMs).toISOString(), rows: people.length }).onConflict((oc) => oc.column("part").doNothing()).execute();
  return people;
}
