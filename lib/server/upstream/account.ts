import "server-only";
import { Account } from "@/lib/schemas";
import { request, type CallOptions } from "./http";

// GET account/ – plan, subscription, quotas and entity limits
export const getAccount = (o?: CallOptions) => request("GET", "account/", Account, o);
