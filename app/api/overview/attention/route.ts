// GET /api/overview/attention – the overview's attention panel across the active campaigns, from their mirrors
import * as z from "zod";
import { overviewAttention } from "@/lib/server/overview/attention";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

/** It takes no parameters: one given is a mistake of the caller, said as such. */
const AttentionQuery = z.strictObject({});

export const GET = withSession(async ({ query, priority }) => {
  parseQuery(AttentionQuery, query);
  return dataJson(await overviewAttention(service, priority));
});
