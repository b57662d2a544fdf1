// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QUEUE_DEFAULTS } from "@/lib/url-state/queue";
import { useQueueUrl } from "./use-queue-url";

vi.mock("next/navigation", () => ({ usePathname: () => "/campaigns/5/queue" }));

function Harness() {
  const [state, set, hrefFor] = useQueueUrl();
  return (
    <>
      <output data-testid="state">{JSON.stringify(state)}</output>
      <a href={hrefFor(QUEUE_DEFAULTS)}>reset</a>
      <button onClick={() => set({ statuses: ["APPROVED", "WAITING_APPROVAL"] })}>approved too</button>
      <button onClick={() => set({ page: 4 })}>page 4</button>
    </>
  );
}

function renderAt(search: string, onUrlUpdate: (e: UrlUpdateEvent) => void = () => {}) {
  return render(
    <NuqsTestingAdapter searchParams={search} onUrlUpdate={onUrlUpdate} hasMemory>
      <Harness />
    </NuqsTestingAdapter>,
  );
}

const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}");

afterEach(cleanup);

describe("useQueueUrl", () => {
  it("reads the link the server page accepted", () => {
    renderAt("?status=WAITING_APPROVAL,APPROVED&sort=created_at&page=2&size=50");
    expect(state()).toEqual({ statuses: ["WAITING_APPROVAL", "APPROVED"], sort: "created_at", page: 2, size: 50 });
    expect(screen.getByText("reset").getAttribute("href")).toBe("/campaigns/5/queue");
  });

  it("a new filter goes back to page 1, replacing the URL shallowly in the old format", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    renderAt("?page=3&size=50", onUrlUpdate);
    await act(async () => fireEvent.click(screen.getByText("approved too")));
    expect(state()).toEqual({ statuses: ["WAITING_APPROVAL", "APPROVED"], sort: "publish_at", page: 1, size: 50 });
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(1));
    const event = onUrlUpdate.mock.calls[0]![0];
    expect(event.queryString).toBe("?size=50&status=WAITING_APPROVAL,APPROVED");
    expect(event.options).toMatchObject({ history: "replace", shallow: true });
  });

  it("turning a page keeps the filters", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    renderAt("?status=FAILED", onUrlUpdate);
    await act(async () => fireEvent.click(screen.getByText("page 4")));
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalledTimes(1));
    expect(onUrlUpdate.mock.calls[0]![0].queryString).toBe("?status=FAILED&page=4");
  });
});
