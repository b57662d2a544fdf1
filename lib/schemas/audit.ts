import * as z from "zod";

/** GET /api/audit/choices: what the activity page's campaign and person pickers offer. */
export const AuditChoices = z.object({
  /** `name` is null for a campaign the mirror does not hold (the picker shows its number). */
  campaigns: z.array(z.object({ id: z.number().int().positive(), name: z.string().nullable() })),
  /** `email` is a dashboard email or `external:<name>` for a share-link visitor (role "external"). */
  people: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })),
});
export type AuditChoices = z.infer<typeof AuditChoices>;

/** What the audit answers add to each row so a list reads by name: the post's title and the campaign's name (null: not in the mirror). */
export type Named = { post_title: string | null; campaign_name: string | null };
