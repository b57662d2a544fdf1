// GET, POST /api/account/landing – the page the signed-in person lands on after signing in (null: their role's); changes audited as profile.landing
import * as z from "zod";
import { defaultLanding, LANDINGS, landingPath, type Landing } from "@/lib/auth/landing";
import type { Role } from "@/lib/auth/roles";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db } from "@/lib/server/db";
import { getOwnLanding, saveOwnLanding } from "@/lib/server/profile/landing";
import { json, parseJsonBody, sameOrigin, withSession } from "@/lib/server/route";

const Body = z.strictObject({ landing: z.enum(LANDINGS).nullable() });

const view = (own: Landing | null, role: Role) => ({ data: { landing: own, role_default: defaultLanding(role), path: landingPath(role, own) } });

export const GET = withSession(async ({ session }) => json(view(await getOwnLanding(session.email), session.role)));

export const POST = withSession(
  sameOrigin(async ({ req, session }) => {
    const { landing } = await parseJsonBody(req, Body);
    const before = await getOwnLanding(session.email);
    // One transaction: a change that cannot be audited is not made (and the save is reported as failed).
    await db()
      .transaction()
      .execute(async (trx) => {
        await saveOwnLanding(session.email, landing, new Date(), trx);
        await recordAuditEvent(
          { actor: { email: session.email, name: session.name, role: session.role }, kind: "profile.landing", subject_id: session.email.toLowerCase(), detail: { before, after: landing } },
          trx,
        );
      });
    return json(view(landing, session.role));
  }),
);
