import { ApiClientError } from "@/lib/queries/fetch-json";

/*
 * A decision refused because the text changed (409 `version_changed`), apart from the notice
 * that shows it (./version-changed.tsx): the decision code reads the refusal with every page,
 * the notice and its diff load only when a version actually changed.
 */

export type VersionChange = { seen: number; current: number };

/**
 * The versions of a decision the server refused because the post's active
 * version is no longer the one the page showed (409 `version_changed`, with
 * `seen_version` and `current_version` beside the error); null for any other error.
 */
export function isVersionChanged(error: unknown): VersionChange | null {
  if (!(error instanceof ApiClientError) || error.code !== "version_changed") return null;
  const { seen_version: seen, current_version: current } = error.extras;
  return typeof seen === "number" && typeof current === "number" ? { seen, current } : null;
}
