/**
 * A niche's text material. Posts are composed from a headline (or a lead that pairs a headline
 * with its own opening paragraph), a few body paragraphs, a closing line and hashtags.
 * `{slot}` placeholders are filled from `slots` so that posts differ beyond paragraph choice.
 */
export interface Corpus {
  titles: string[];
  leads: { title: string; body: string }[];
  paragraphs: string[];
  closers: string[];
  hashtags: string[];
  slots: Record<string, string[]>;
}
