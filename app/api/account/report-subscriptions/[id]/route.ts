// DELETE /api/account/report-subscriptions/[id] – ends one of the person's own scheduled reports
import { db } from "@/lib/server/db";
import { ApiError } from "@/lib/server/errors";
import { json, sameOrigin, withSession } from "@/lib/server/route";
import { removeSubscription } from "@/lib/server/reports/schedule/store";

export const DELETE = withSession(
  sameOrigin(async ({ params, session }) => {
    const id = String(params.id ?? "");
    // Someone else's id answers as one that does not exist.
    if (!/^[0-9a-f]{16}$/.test(id) || !(await removeSubscription(db(), session.email, id))) throw new ApiError("not_found");
    return json({ data: { id, removed: true } });
  }),
);
