// GET /api/admin/health – the admin health screen's figures (health:detail); costs no upstream call beyond /api/health's once-a-minute check
import { json, withPermission } from "@/lib/server/route";
import { adminHealth } from "./health";

export const GET = withPermission("health:detail", async () => json({ data: await adminHealth() }));
