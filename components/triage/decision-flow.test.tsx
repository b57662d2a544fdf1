// @vitest-environment jsdom
// One decision path everywhere: the flagged approve asks (and an admin lifts the checks' block only with a
// reason), a blocked post says why instead of a red refusal, and the undo window's toast is one per post:
// its countdown and Undo, then "sending", then the outcome in its place.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { ThemeProvider } from "next-themes";
import { toast } from "sonner";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { approveMode, type ApproveFlags } from "@/components/post/flagged-approve";
import { ViewerRole } from "@/components/shell/viewer-role";
import { Toaster } from "@/components/ui/toaster";
import type { Role } from "@/lib/auth/roles";
import common from "@/messages/en/common.json";
import review from "@/messages/en/review.json";
import { postDetailFixture, postFixture } from "@/test/post-fixture";
import type { SingleDecision } from "./deferred";
import { PreviewPane, type PaneDetail } from "./preview-pane";
import { useDecisionWindow } from "./undo-toast";
import { useSendDecision } from "./use-decisions";

beforeAll(() => {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("min-width"), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
});
afterEach(async () => {
  act(() => void toast.dismiss());
  await act(() => new Promise((r) => setTimeout(r, 50)));
  cleanup();
  vi.useRealTimers();
});

const OVER = "Telegram caption over its limit: 1,713 of 1,024";
const BANNED = "Banned words: “guaranteed income”";

function Providers({ role = "editor", children }: { role?: Role; children: React.ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <NextIntlClientProvider locale="en" messages={{ review, common }} timeZone="Europe/Moscow">
      <ThemeProvider attribute="class" enableSystem={false} defaultTheme="light">
        <QueryClientProvider client={client}>
          <ViewerRole role={role}>{children}</ViewerRole>
          <Toaster />
        </QueryClientProvider>
      </ThemeProvider>
    </NextIntlClientProvider>
  );
}

function pane(flags: ApproveFlags, { role = "editor" as Role, confirming = false } = {}) {
  const p = postFixture({ task_id: 77, status: "WAITING_APPROVAL" });
  const detail: PaneDetail = {
    data: postDetailFixture({ ...p, versions: [{ version_number: 3, text_content: p.text, source: "INITIAL", is_active: true, created_at: p.created_at }] }),
    meta: { stale: false, fetchedAt: new Date().toISOString() },
    updatedAt: Date.now(),
  };
  const onApprove = vi.fn();
  const onConfirmingChange = vi.fn();
  render(
    <Providers role={role}>
      <PreviewPane
        post={p}
        detail={detail}
        onDetailRefresh={vi.fn()}
        pin={3}
        canDecide
        readable
        pending={false}
        busy={false}
        approveFlags={flags}
        confirming={confirming}
        onConfirmingChange={onConfirmingChange}
        onApprove={onApprove}
        onReject={vi.fn()}
        headingId="h"
      />
    </Providers>,
  );
  return { onApprove, onConfirmingChange };
}

describe("a flagged post in the preview (and the phone sheet, the same pane)", () => {
  it("how an approve goes, by flags and role", () => {
    expect(approveMode({ warnings: [], blocking: [] }, false)).toBe("plain");
    expect(approveMode({ warnings: [OVER], blocking: [] }, false)).toBe("confirm");
    expect(approveMode({ warnings: [OVER], blocking: [BANNED] }, false)).toBe("blocked");
    expect(approveMode({ warnings: [], blocking: [BANNED] }, true)).toBe("override");
  });

  it("over a limit: the button names the problem and asks; nothing is approved with one tap", () => {
    const { onApprove, onConfirmingChange } = pane({ warnings: [OVER], blocking: [] });
    const button = screen.getByRole("button", { name: `Approve? ${OVER}` });
    fireEvent.click(button);
    expect(onApprove).not.toHaveBeenCalled();
    expect(onConfirmingChange).toHaveBeenCalledWith(true);
  });

  it("the open confirmation sends the audit note with the approve; its Cancel sends nothing", () => {
    const { onApprove, onConfirmingChange } = pane({ warnings: [OVER], blocking: [] }, { confirming: true });
    const confirm = screen.getByTestId("flagged-confirm");
    expect(within(confirm).getByText(OVER)).toBeTruthy();
    // Focus goes to the confirmation, so `a` then Enter confirms from the keyboard.
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Yes, approve" }));
    fireEvent.keyDown(confirm, { key: "Escape" });
    expect(onConfirmingChange).toHaveBeenCalledWith(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes, approve" }));
    expect(onApprove).toHaveBeenCalledWith(77, { note: `Approved with confirmation despite: ${OVER}` });
  });

  it("blocking checks, not an admin: Approve is disabled, named, and the pane says why (no refusal to read later)", () => {
    pane({ warnings: [], blocking: [BANNED], blockingNotes: ["Do not promise income"] });
    expect((screen.getByRole("button", { name: `Cannot approve: ${BANNED}` }) as HTMLButtonElement).disabled).toBe(true);
    const note = screen.getByTestId("approve-blocked");
    expect(note.textContent).toContain("Cannot be approved: the checks found blocking issues");
    expect(note.textContent).toContain(`${BANNED} — Do not promise income`);
    expect(note.textContent).toContain("An admin can lift the block");
  });

  it("blocking checks, an admin: the override needs a reason, which goes with the approve", () => {
    const { onApprove } = pane({ warnings: [OVER], blocking: [BANNED] }, { role: "admin", confirming: true });
    expect(screen.getByRole("button", { name: `Lift the block? ${BANNED} (and 1 more)` })).toBeTruthy();
    const confirm = screen.getByTestId("flagged-confirm");
    fireEvent.click(within(confirm).getByRole("button", { name: "Lift the block and approve" }));
    expect(onApprove).not.toHaveBeenCalled();
    expect(within(confirm).getByText("Give a reason.")).toBeTruthy();
    fireEvent.change(within(confirm).getByLabelText("Reason (recorded in the audit log)"), { target: { value: "  Legal approved the wording  " } });
    fireEvent.click(within(confirm).getByRole("button", { name: "Lift the block and approve" }));
    expect(onApprove).toHaveBeenCalledWith(77, {
      note: `Approved with confirmation despite: ${BANNED}; ${OVER}`,
      override: { reason: "Legal approved the wording" },
    });
  });
});

type Sent = { url: string; body: Record<string, unknown> };
function serve(answer: (s: Sent) => { status: number; body: unknown }): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const s = { url: String(input), body: JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown> };
      sent.push(s);
      const a = answer(s);
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return sent;
}

/** The flow as every path uses it: the undo window, then the send that says the outcome in the post's toast. */
function useFlow() {
  const sendDecision = useSendDecision((kind, title, options) => {
    // The real toaster's notify, loaded lazily.
    void import("@/components/ui/toaster").then((m) => m.notify(kind, title, options));
    return "";
  });
  return useDecisionWindow((d, { keepalive }) => {
    if (d.kind !== "bulk") void sendDecision(d, { keepalive });
  });
}

const toasts = () => [...document.querySelectorAll("[data-sonner-toast]")].map((t) => t.textContent);

describe("the decision window: one toast per post, countdown then outcome", () => {
  it("a reject waits 5 s with its own Undo; taken back, nothing is sent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = serve(() => ({ status: 200, body: {} }));
    const { result } = renderHook(useFlow, { wrapper: ({ children }) => <Providers>{children}</Providers> });
    const reject: SingleDecision = { kind: "reject", id: 5, version: 2, input: { reason: "Off topic", category: "tone" } };
    act(() => void result.current.schedule(reject));
    await waitFor(() => expect(toasts()).toEqual(["Post #5 will be rejected in 5 sUndo"]), { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: "Undo rejecting post #5" }));
    await waitFor(() => expect(document.querySelector("[data-undo-toast]")).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(sent).toEqual([]);
  });

  it("two posts are two toasts; each becomes its outcome in place, a refusal by the checks a warning that says why", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = serve((s) =>
      s.url.includes("/6/")
        ? { status: 409, body: { error: { code: "check_blocked", message: "Blocked: banned words" } } }
        : { status: 200, body: { data: { task_id: 5, status: "APPROVED", result: "approved_now", message: "Approved" }, audit_id: 1 } },
    );
    const { result } = renderHook(useFlow, { wrapper: ({ children }) => <Providers>{children}</Providers> });
    act(() => {
      result.current.schedule({ kind: "approve", id: 5, version: 2, source: "keyboard", note: "Approved with confirmation despite: x" });
      result.current.schedule({ kind: "approve", id: 6, version: 1, source: "single" });
    });
    await waitFor(() => expect(document.querySelectorAll("[data-undo-toast]")).toHaveLength(2), { timeout: 10_000 });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(toasts().sort()).toEqual(["#5: Approved", "#6 not approved: Blocked: banned words"]));
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      ["/api/posts/5/approve", { source: "keyboard", version: 2, note: "Approved with confirmation despite: x" }],
      ["/api/posts/6/approve", { source: "single", version: 1 }],
    ]);
    const types = [...document.querySelectorAll("[data-sonner-toast]")].map((t) => (t as HTMLElement).dataset.type).sort();
    expect(types).toEqual(["success", "warning"]);
    expect(document.body.textContent).not.toContain("×");
  });
});
