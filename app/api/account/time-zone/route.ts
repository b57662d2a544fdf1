// GET, POST /api/account/time-zone – the signed-in person's own time zone (null: the team's); changes audited as profile.time_zone
import * as z from "zod";
import { teamTimeZone } from "@/lib/server/profile/request-zone";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db } from "@/lib/server/db";
import { getOwnTimeZone, saveOwnTimeZone } from "@/lib/server/profile/time-zone";
import { json, parseJsonBody, sameOrigin, withSession } from "@/lib/server/route";
import { isTimeZone } from "@/lib/time/zone";

const Body = z.strictObject({
  time_zone: z.string().refine(isTimeZone, "expected an IANA time zone name, e.g. Asia/Novosibirsk").nullable(),
});

const view = (own: string | null) => ({ data: { time_zone: own, team_time_zone: teamTimeZone(), effective: own ?? teamTimeZone() } });

export const GET = withSession(async ({ session }) => json(view(await getOwnTimeZone(session.email))));

export const POST = withSession(
  sameOrigin(async ({ req, session }) => {
    const { time_zone } = await parseJsonBody(req, Body);
    const before = await getOwnTimeZone(session.email);
    // One transaction: a change that cannot be audited is not made (and the save is reported as failed).
    await db()
      .transaction()
      .execute(async (trx) => {
        await saveOwnTimeZone(session.email, time_zone, new Date(), trx);
        await recordAuditEvent(
          { actor: { email: session.email, name: session.name, role: session.role }, kind: "profile.time_zone", subject_id: session.email.toLowerCase(), detail: { before, after: time_zone } },
          trx,
        );
      });
    return json(view(time_zone));
  }),
);
