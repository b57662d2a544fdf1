import { createLoader, createParser, createSerializer, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { parseAsDay, parseAsId, parseAsPage } from "./parsers";

/**
 * The activity page's URL state, defined once for the server page and the
 * client: `?campaign=3&post=120&person=anna@example.com&action=approve&from=2025-01-01&to=2025-01-31&page=2`.
 * `person` is one person exactly (the picker: an email, or `external:<name>` for a link visitor);
 * `user`, part of a name or email, is still read so older links keep working.
 * Invalid values are dropped (an unfiltered view rather than an error).
 */
const parseAsPerson = createParser<string>({
  parse: (v) => v.trim().slice(0, 200) || null,
  serialize: String,
});

export const activityParsers = {
  campaign: parseAsId,
  post: parseAsId,
  user: parseAsPerson,
  person: parseAsPerson,
  action: parseAsStringLiteral(["approve", "reject"]),
  /** Local calendar days, `YYYY-MM-DD`, inclusive. */
  from: parseAsDay,
  to: parseAsDay,
  page: parseAsPage.withDefault(1),
  /** The "other actions" table's kind (comments, verdicts, …); the decisions table ignores it. */
  actions: parseAsStringLiteral(["comment", "verdict", "policy", "share", "notify", "bulk"]),
};

export type ActivityFilters = inferParserType<typeof activityParsers>;

export const ACTIVITY_NO_FILTERS: ActivityFilters = { campaign: null, post: null, user: null, person: null, action: null, from: null, to: null, page: 1, actions: null };

export const parseActivityUrl = createLoader(activityParsers);

/** The query string of the filters; empty ones and page 1 are left out. */
export const activityUrlSearch = createSerializer(activityParsers);
