// GET, PUT /api/account/notifications – the signed-in person's notification settings (every role; changes audited as notify.settings)
import { env } from "@/lib/env";
import { NotifySettings, NOTIFY_KINDS } from "@/lib/schemas/notify";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db } from "@/lib/server/db";
import { ApiError, text } from "@/lib/server/errors";
import { getSettings, saveSettings } from "@/lib/server/notify/settings";
import { dataJson, json, parseJsonBody, sameOrigin, withSession } from "@/lib/server/route";

const emailAvailable = () => Boolean(env().SMTP_URL);

export const GET = withSession(async ({ session }) =>
  dataJson({ data: { settings: await getSettings(session.email), email_available: emailAvailable() }, meta: { stale: false, fetchedAt: new Date().toISOString() } }),
);

export const PUT = withSession(
  sameOrigin(async ({ req, session }) => {
    const settings = await parseJsonBody(req, NotifySettings);
    // E-mail cannot be promised without a mail server: refused rather than saved and silently never sent.
    if (!emailAvailable() && NOTIFY_KINDS.some((k) => settings.kinds[k].email)) {
      throw new ApiError("validation_error", text("validation.emailUnavailable"));
    }
    const before = await getSettings(session.email);
    // One transaction: a change that cannot be audited is not made (and the save is reported as failed).
    await db()
      .transaction()
      .execute(async (trx) => {
        await saveSettings(session.email, settings, new Date(), trx);
        await recordAuditEvent(
          { actor: { email: session.email, name: session.name, role: session.role }, kind: "notify.settings", subject_id: session.email.toLowerCase(), detail: { before, after: settings } },
          trx,
        );
      });
    return json({ data: { settings, email_available: emailAvailable() } });
  }),
);
