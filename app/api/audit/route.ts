// GET /api/audit – the audit log of decisions (admin, manager), filtered and paged; format=csv exports it
import { AuditQuery, auditCsv, listAudit } from "@/lib/server/audit";
import { json, NO_STORE, parseQuery, withPermission } from "@/lib/server/route";

export const GET = withPermission("audit:read", async ({ query }) => {
  const { limit, offset, format, ...filters } = parseQuery(AuditQuery, query);
  if (format === "json") return json(await listAudit(filters, { limit, offset }));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await auditCsv(filters), {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${day}.csv"`,
    },
  });
});
