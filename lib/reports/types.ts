import type { TrendPoint } from "@/lib/analytics/engagement-trends";

/** The report a manager forwards (page, PDF and chart images are drawn from this one object). */
export type ReportPost = { taskId: number; campaignId: number; campaignName: string; firstLine: string; thumbnail: string | null; publishedAt: string | null; engagement: number };
export type MetricTotal = { metric: string; value: number; previous: number; change: number | null };

export type Report = {
  /** A campaign, a project (its campaigns) or, with neither, the whole team. */
  scope: { campaignId: number | null; campaignName: string | null; projectId: number | null; projectName: string | null };
  period: { from: string; to: string; days: number; timeZone: string };
  previous: { from: string; to: string };
  engagement: { totals: MetricTotal[]; trend: { metric: string; points: TrendPoint[] }[] };
  best: ReportPost[];
  worst: ReportPost[];
  plan: { planned: number; published: number; failed: number; waiting: number; canceled: number };
  review: {
    decisions: number;
    approvals: number;
    rejections: number;
    /** Seconds from waiting (the post's creation) to its first decision; null without decisions. */
    medianToDecision: number | null;
    people: { name: string; decisions: number; approvals: number; rejections: number }[];
    reasons: { category: string | null; count: number }[];
  };
  checks: { rules: { rule: string; count: number }[]; flagged: { approved: number; rejected: number }; clean: { approved: number; rejected: number } };
  generatedAt: string;
};

export const REPORT_MAX_DAYS = 92;
