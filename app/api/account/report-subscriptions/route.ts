// GET, POST /api/account/report-subscriptions – the signed-in manager's or admin's scheduled reports
import { requestLocale } from "@/lib/server/request-locale";
import { db } from "@/lib/server/db";
import { ApiError, text } from "@/lib/server/errors";
import { json, parseJsonBody, sameOrigin, withPermission } from "@/lib/server/route";
import { requireProject } from "@/lib/server/reports/data";
import { MAX_SUBSCRIPTIONS, SubscriptionBody } from "@/lib/server/reports/schedule/input";
import { addSubscription, listSubscriptions } from "@/lib/server/reports/schedule/store";

export const GET = withPermission("analytics:review", async ({ session }) => json({ data: { subscriptions: await listSubscriptions(db(), session.email) } }));

export const POST = withPermission(
  "analytics:review",
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, SubscriptionBody);
    if ((await listSubscriptions(db(), session.email)).length >= MAX_SUBSCRIPTIONS) throw new ApiError("validation_error", text("validation.reportSubscriptions", { max: MAX_SUBSCRIPTIONS }));
    if (body.project_id !== null) await requireProject(db(), body.project_id);
    // The report is written in the language the person subscribed in.
    const s = await addSubscription(db(), session.email, { ...body, locale: requestLocale() });
    return json({ data: s }, { status: 201 });
  }),
);
