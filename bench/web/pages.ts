// What "the page's content is there" means for each page the benchmark opens:
// an element that only renders once the page's data has (never a skeleton, which
// carries aria-busy and no data attributes). Keep these in step with the
// components named beside each one.

export type Content = {
  /** CSS selector of an element that exists only with the data rendered. */
  selector: string;
  /** Optional regular expression its text must match. */
  text?: string;
  /** The pathname the browser must be on (so the previous page's DOM never counts). */
  path?: string;
};

export const content = {
  // components/overview/plan-panel.tsx: the plan's name, from the account.
  overview: (): Content => ({ selector: '[data-testid="plan-name"]', path: "/" }),
  // components/campaigns/table/data-table.tsx: one row per campaign.
  campaigns: (): Content => ({ selector: '[data-testid="campaign-row"]', path: "/campaigns" }),
  // components/campaigns/detail/campaign-detail.tsx: the numbers of the campaign's posts.
  campaign: (id: number): Content => ({ selector: '[data-testid="campaign-stats"] dd', path: `/campaigns/${id}` }),
  // components/queue/table/data-table.tsx: a post row of the queue.
  queue: (id: number): Content => ({ selector: "tbody tr[data-task-id]", path: `/campaigns/${id}/queue` }),
  // components/post/post-summary.tsx: the heading "Post №<id>" (the loading heading is sr-only and has no number).
  post: (id: number): Content => ({ selector: "main h1:not(.sr-only)", text: `(^|\\D)${id}(\\D|$)`, path: `/posts/${id}` }),
  // components/engagement/campaign-totals.tsx: the totals table.
  engagement: (id: number): Content => ({ selector: '[data-testid="totals-table"]', path: `/campaigns/${id}/engagement` }),
};

/** Links clicked in the warm navigations. */
export const links = {
  // components/shell/app-header.tsx → nav-links.tsx (desktop header navigation).
  campaignsInHeader: 'header nav a[href="/campaigns"]',
  // components/campaigns/detail/campaign-detail.tsx: the campaign's own navigation.
  queueOfCampaign: (id: number) => `main a[href="/campaigns/${id}/queue"]`,
  // components/queue/table/columns.tsx: the post's number in its row.
  postInQueue: (id: number) => `tbody tr[data-task-id="${id}"] a[href="/posts/${id}"]`,
};

export type PageSpec = { key: string; label: string; path: string; signedIn: boolean };

export function pagesFor(ids: { campaign: number; post: number; engagementCampaign: number }): PageSpec[] {
  return [
    { key: "overview", label: "/", path: "/", signedIn: true },
    { key: "campaigns", label: "/campaigns", path: "/campaigns", signedIn: true },
    { key: "queue", label: `/campaigns/${ids.campaign}/queue`, path: `/campaigns/${ids.campaign}/queue`, signedIn: true },
    { key: "post", label: `/posts/${ids.post}`, path: `/posts/${ids.post}`, signedIn: true },
    {
      key: "engagement",
      label: `/campaigns/${ids.engagementCampaign}/engagement`,
      path: `/campaigns/${ids.engagementCampaign}/engagement`,
      signedIn: true,
    },
    { key: "login", label: "/login", path: "/login", signedIn: false },
  ];
}
