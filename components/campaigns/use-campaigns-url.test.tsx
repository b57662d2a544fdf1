// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCampaignsUrl } from "./use-campaigns-url";

function Harness() {
  const { state, update, search, reset } = useCampaignsUrl();
  return (
    <>
      <input aria-label="search" value={state.q} onChange={(e) => search(e.target.value)} />
      <output data-testid="state">{JSON.stringify(state)}</output>
      <button onClick={() => update({ statuses: ["ACTIVE", "DRAFT"] })}>drafts</button>
      <button onClick={reset}>reset</button>
    </>
  );
}

function renderAt(search: string, onUrlUpdate: (e: UrlUpdateEvent) => void) {
  // rateLimitFactor 1: the real throttle and debounce timings, under fake timers.
  return render(
    <NuqsTestingAdapter searchParams={search} onUrlUpdate={onUrlUpdate} rateLimitFactor={1} hasMemory>
      <Harness />
    </NuqsTestingAdapter>,
  );
}

const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}");

// Timers only: nuqs's throttle reads performance.now(), which must keep running across tests.
beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useCampaignsUrl", () => {
  it("reads a link with the shared parsers, falling back on junk", () => {
    renderAt("?project=4&status=COMPLETED,nope&sort=title&q=кофе", vi.fn());
    expect(state()).toEqual({ project: 4, statuses: ["COMPLETED"], sort: { key: "created", desc: true }, q: "кофе" });
  });

  it("shows typed text at once but writes the URL once typing pauses, in place and without a server round trip", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    renderAt("?project=4", onUrlUpdate);
    const box = screen.getByLabelText<HTMLInputElement>("search");
    for (const typed of ["к", "ко", "коф", "кофе", "кофе "]) fireEvent.change(box, { target: { value: typed } });
    expect(box.value).toBe("кофе ");
    expect(state().q).toBe("кофе ");
    await act(async () => vi.advanceTimersByTimeAsync(250));
    expect(onUrlUpdate).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(onUrlUpdate).toHaveBeenCalledTimes(1);
    const [event] = onUrlUpdate.mock.calls[0]!;
    expect(event.queryString).toBe("?project=4&q=кофе");
    expect(event.options).toMatchObject({ history: "replace", shallow: true });
  });

  it("writes other filters straight away, canonically, and a reset clears them all", async () => {
    const onUrlUpdate = vi.fn<(e: UrlUpdateEvent) => void>();
    renderAt("?q=abc&sort=name", onUrlUpdate);
    await act(async () => fireEvent.click(screen.getByText("drafts")));
    await act(async () => vi.advanceTimersByTimeAsync(60));
    expect(onUrlUpdate.mock.calls.at(-1)?.[0].queryString).toBe("?q=abc&sort=name&status=DRAFT,ACTIVE");
    expect(state().statuses).toEqual(["DRAFT", "ACTIVE"]);
    await act(async () => fireEvent.click(screen.getByText("reset")));
    await act(async () => vi.advanceTimersByTimeAsync(60));
    expect(onUrlUpdate.mock.calls.at(-1)?.[0].queryString).toBe("");
    expect(state()).toEqual({ project: null, statuses: ["ACTIVE", "FROZEN"], sort: { key: "created", desc: true }, q: "" });
    expect(screen.getByLabelText<HTMLInputElement>("search").value).toBe("");
  });
});
