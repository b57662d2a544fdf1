import { createLoader, createParser, createSerializer, type inferParserType } from "nuqs/server";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "@/lib/schemas/values";
import { parseAsId, parseAsSearchText, parseAsSetOf } from "./parsers";

/**
 * The campaigns list's URL state (`?project=&status=&sort=&q=`), parsed by the
 * same parsers in the server page (to prefetch the list the table will ask
 * for) and in the client. Bad values fall back to the defaults instead of
 * failing the page: a URL is user input.
 */
export const CAMPAIGN_SORT_KEYS = ["name", "project", "status", "start", "end", "created"] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];
export type CampaignSort = { key: CampaignSortKey; desc: boolean };

/** The upstream's own default filter. */
export const DEFAULT_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ["ACTIVE", "FROZEN"];
export const DEFAULT_CAMPAIGN_SORT: CampaignSort = { key: "created", desc: true };

/** `sort=name` ascending, `sort=-name` descending. */
const parseAsCampaignSort = createParser<CampaignSort>({
  parse: (v) => {
    const desc = v.startsWith("-");
    const key = desc ? v.slice(1) : v;
    return (CAMPAIGN_SORT_KEYS as readonly string[]).includes(key) ? { key: key as CampaignSortKey, desc } : null;
  },
  serialize: (s) => `${s.desc ? "-" : ""}${s.key}`,
  eq: (a, b) => a.key === b.key && a.desc === b.desc,
});

export const campaignsParsers = {
  project: parseAsId,
  statuses: parseAsSetOf(CAMPAIGN_STATUSES).withDefault([...DEFAULT_CAMPAIGN_STATUSES]),
  sort: parseAsCampaignSort.withDefault(DEFAULT_CAMPAIGN_SORT),
  /** Matched in the browser against the names already loaded: not part of the query key. */
  q: parseAsSearchText(200).withDefault(""),
};
export const campaignsUrlKeys = { statuses: "status" } as const;

export type CampaignsUrlState = inferParserType<typeof campaignsParsers>;

export const parseCampaignsUrl = createLoader(campaignsParsers, { urlKeys: campaignsUrlKeys });

/** The query string of a state; defaults are left out so plain URLs stay plain. */
export const campaignsUrlQuery = createSerializer(campaignsParsers, { urlKeys: campaignsUrlKeys });
