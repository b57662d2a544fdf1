import { AppHeader } from "@/components/shell/app-header";
import { HeaderReads } from "@/lib/server/render/header-reads";
import { requireCurrentUser } from "@/lib/server/auth/current-user";
import { HydrateLater } from "@/components/shell/hydrate-later";
import { SkipLink } from "@/components/shell/skip-link";
import { ViewerRole } from "@/components/shell/viewer-role";
import { OutageProvider } from "@/components/ui/outage";
import { LiveEvents } from "@/lib/events/live-events";
import { eventResumePoint } from "@/lib/server/events";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  // Before any of the page's reads: the tab's event stream replays what changes after this.
  const resumeAfter = eventResumePoint();
  const user = await requireCurrentUser();
  return (
    <>
      <SkipLink />
      <HeaderReads email={user.email}>
        <HydrateLater>
          <AppHeader user={user} />
        </HydrateLater>
      </HeaderReads>
      {/* tabIndex lets the skip link move focus here, not only scroll. */}
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl p-4 focus:outline-none">
        {/* One outage banner per page: it reads React Query's retries and counts down to the next. */}
        {/* One event stream per tab: pages learn of changes as they happen and poll less meanwhile. */}
        {/* The header and the page hydrate after React's root pass, in slices, not in one long task. */}
        <OutageProvider>
          <LiveEvents resumeAfter={resumeAfter}>
            <HydrateLater>
              <ViewerRole role={user.role}>{children}</ViewerRole>
            </HydrateLater>
          </LiveEvents>
        </OutageProvider>
      </main>
    </>
  );
}
