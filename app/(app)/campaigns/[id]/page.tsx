import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { CampaignDetail } from "@/components/campaigns/detail/campaign-detail";
import { ChecksRulesCard } from "@/components/checks/rules-card";
import { PolicyCard } from "@/components/collab/policy-card";
import { CampaignReminders } from "@/components/telegram/campaign-reminders";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { SkeletonLines } from "@/components/ui/skeleton";
import { campaignQuery } from "@/lib/queries/campaigns";
import { IdParam } from "@/lib/schemas";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { toApiError } from "@/lib/server/errors";
import { service } from "@/lib/server/upstream-service";
import { withPageMessages } from "@/components/shell/page-messages";

// The tab's own title (the layout adds the product name); the id only, so the title costs no upstream read.
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) return { title: (await getTranslations("analytics.campaigns"))("title") };
  return { title: (await getTranslations("analytics.campaign"))("pageTitle", { id: parsed.data }) };
}

async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  // A campaign the service does not have is not found: no policy, checks or «approve all clean»
  // for it. The same cached read the detail below is prefetched with; an outage is not a 404.
  const missing = await service.campaign(id, "interactive").then(
    () => false,
    (e: unknown) => toApiError(e).status === 404,
  );
  if (missing) notFound();
  const user = await getCurrentUser();
  return (
    <div className="space-y-4">
      {/* The latest post loads in the browser: its "none yet" 404 is handled there. */}
      <PrefetchFirst fallback={<SkeletonLines lines={8} />} entries={[{ queryKey: campaignQuery(id).queryKey, queryFn: () => service.campaign(id) }]}>
        <CampaignDetail id={id} />
      </PrefetchFirst>
      {/* The approval policy (our database only): admins set it, everyone else reads it. */}
      <PolicyCard campaignId={id} canManage={user !== null && can(user.role, "policy:manage")} canDecide={user !== null && can(user.role, "decide")} />
      {/* The checks before a person reads (lib/checks): admins set them, everyone else reads them. */}
      <ChecksRulesCard campaignId={id} canManage={user !== null && can(user.role, "policy:manage")} />
      {/* Reminders and escalation (lib/server/messengers/telegram: the bot, e-mail, the team webhook): admins only. */}
      {user !== null && can(user.role, "policy:manage") && <CampaignReminders campaignId={id} />}
    </div>
  );
}

export default withPageMessages(["analytics", "collab.policy", "review.checks", "review.postType", "review.status"], CampaignPage);
