import { describe, expect, it } from "vitest";
import { checkPost, CheckRules, jaccard, NearDupIndex, shingles } from "@/lib/checks";

const base =
  "Весенняя коллекция уже в магазинах: лёгкие платья, льняные рубашки и удобные кеды для прогулок по городу. Заходите в субботу, будем рады видеть всех.";

describe("near-duplicates", () => {
  it("finds a generated twin that changed a word or a word form, and reports the exact Jaccard", () => {
    const idx = new NearDupIndex();
    idx.add({ task_id: 1, campaign_id: 10, text: base });
    idx.add({ task_id: 2, campaign_id: 11, text: "Совсем другой пост про выпечку: круассаны, багеты и кофе с собой каждое утро с восьми часов." });
    const twin = base.replace("в субботу", "в воскресенье").replace("удобные кеды", "удобных кедах");
    const m = idx.nearest(99, twin, 0.6);
    expect(m?.post.task_id).toBe(1);
    expect(m!.similarity).toBeCloseTo(jaccard(shingles(base), shingles(twin)), 10);
    expect(m!.similarity).toBeLessThan(1);
  });

  it("never names the post itself, and nothing below the threshold", () => {
    const idx = new NearDupIndex();
    idx.add({ task_id: 1, campaign_id: 10, text: base });
    expect(idx.nearest(1, base, 0.8)).toBeNull();
    expect(idx.nearest(2, "Круассаны, багеты и кофе с собой каждое утро с восьми часов, заходите.", 0.5)).toBeNull();
    expect(idx.nearest(2, base, 0.8)?.similarity).toBe(1);
  });

  it("forgets a removed post and takes a post's new text in place of its old one", () => {
    const idx = new NearDupIndex();
    idx.add({ task_id: 1, campaign_id: 10, text: base });
    idx.add({ task_id: 1, campaign_id: 10, text: "Теперь этот пост о другом: абонементы в бассейн со скидкой для студентов." });
    expect(idx.size).toBe(1);
    expect(idx.nearest(2, base, 0.8)).toBeNull();
    idx.remove(1);
    expect(idx.size).toBe(0);
  });

  it("becomes a finding with the twin's id, campaign, similarity and text, at the campaign's threshold", () => {
    const idx = new NearDupIndex();
    idx.add({ task_id: 5, campaign_id: 20, text: base });
    const post = { task_id: 6, campaign_id: 21, text: `${base} До встречи!` };
    const [f] = checkPost(post, CheckRules.parse({ shape: { level: "off" } }), { index: idx }).findings;
    expect(f).toMatchObject({ rule: "near_duplicate", severity: "warn", twin: { task_id: 5, campaign_id: 20, text: base } });
    expect(f!.twin!.similarity).toBeGreaterThanOrEqual(0.8);
    const strict = CheckRules.parse({ shape: { level: "off" }, near_duplicate: { level: "block", threshold: 1 } });
    expect(checkPost(post, strict, { index: idx }).findings).toEqual([]);
  });
});
