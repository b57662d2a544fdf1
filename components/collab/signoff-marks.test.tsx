// @vitest-environment jsdom
// Under a policy with sign-off steps: queue and inbox rows say «2 шага» and whether the post still
// waits for a sign-off; on the post page Approve is disabled with the reason and who can sign off.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import collab from "@/messages/ru/collab.json";
import common from "@/messages/ru/common.json";
import { policyKey, verdictsKey } from "@/lib/queries/collab";
import { RowMarks, useCampaignSteps } from "./row-marks";
import { SignoffGate, SignoffNotice } from "./signoff-notice";

afterEach(cleanup);

function wrap(client: QueryClient, children: ReactNode) {
  return (
    <NextIntlClientProvider locale="ru" messages={{ collab, common }} timeZone="Europe/Moscow">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </NextIntlClientProvider>
  );
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

function Row({ id, campaign }: { id: number; campaign: number }) {
  const steps = useCampaignSteps([campaign]);
  return <RowMarks id={id} facts={{ viewers: {}, verdicts: {} }} steps={steps.get(campaign)} />;
}

describe("sign-off marks", () => {
  it("a row of a two-step campaign shows «2 шага» and that it awaits a sign-off; a one-step row shows neither", async () => {
    const client = newClient();
    client.setQueryData(policyKey(7), { campaign_id: 7, steps: 2, signoff: [], set_by: null, set_at: null });
    client.setQueryData(policyKey(8), { campaign_id: 8, steps: 1, signoff: [], set_by: null, set_at: null });
    const { container } = render(
      wrap(
        client,
        <>
          <div data-row="1">
            <Row id={1} campaign={7} />
          </div>
          <div data-row="2">
            <Row id={2} campaign={8} />
          </div>
        </>,
      ),
    );
    await waitFor(() => expect(container.querySelector("[data-row='1'] [data-row-steps]")?.textContent).toBe("2 шага"));
    expect(container.querySelector("[data-row='1'] [data-row-verdict='awaiting']")?.textContent).toContain("ждёт подписи");
    expect(container.querySelector("[data-row='2']")?.textContent).toBe("");
  });

  it("a row reads its post's own standing: a conditional step that does not apply is no step, and nothing awaits", () => {
    const facts = { viewers: {}, verdicts: {}, signoff: { "5": { steps: 1, state: "not_needed" as const }, "6": { steps: 2, state: "awaiting" as const } } };
    const { container } = render(
      wrap(
        newClient(),
        <>
          <div data-row="5">
            <RowMarks id={5} steps={2} facts={facts} />
          </div>
          <div data-row="6">
            <RowMarks id={6} steps={2} facts={facts} />
          </div>
        </>,
      ),
    );
    expect(container.querySelector("[data-row='5']")?.textContent).toBe("");
    expect(container.querySelector("[data-row='6'] [data-row-steps]")?.textContent).toBe("2 шага");
    expect(container.querySelector("[data-row='6'] [data-row-verdict='awaiting']")).not.toBeNull();
  });

  it("three steps read «3 шага»; a signed-off row says so instead of awaiting", () => {
    render(wrap(newClient(), <RowMarks id={5} steps={3} facts={{ viewers: {}, verdicts: { "5": { state: "signed_off", ok: 1, changes: 0, by: ["Вера"], version: 2 } } }} />));
    expect(screen.getByText("3 шага")).toBeTruthy();
    expect(screen.getByText(/Одобрено рецензентом/)).toBeTruthy();
    expect(screen.queryByText(/ждёт подписи/)).toBeNull();
  });

  it("Approve is disabled while a step waits, and the notice names who can sign off", async () => {
    const client = newClient();
    const group = { group: "Юристы", members: ["lex@example.com"] };
    client.setQueryData(verdictsKey(9), {
      active_version: 3,
      steps: 3,
      signed_off: false,
      route: [
        { index: 0, step: { who: { role: "reviewer" }, need: "any", when: { kind: "always" } }, applies: true, passed: true, by: ["Вера"], waiting_for: [] },
        { index: 1, step: { who: group, need: "any", when: { kind: "always" } }, applies: true, passed: false, by: [], waiting_for: [] },
      ],
      current: [],
      earlier: [],
    });
    render(
      wrap(
        client,
        <>
          <SignoffNotice id={9} />
          <SignoffGate id={9}>{(pending) => <button disabled={pending}>Одобрить</button>}</SignoffGate>
        </>,
      ),
    );
    await waitFor(() => expect((screen.getByRole("button", { name: "Одобрить" }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId("signoff-missing").textContent).toContain("Одобрить пока нельзя");
    expect(screen.getByTestId("signoff-who").textContent).toBe("Подписать могут: Юристы");
  });

  it("Approve stays enabled once signed off", async () => {
    const client = newClient();
    client.setQueryData(verdictsKey(10), { active_version: 1, steps: 2, signed_off: true, route: [], current: [], earlier: [] });
    render(wrap(client, <SignoffGate id={10}>{(pending) => <button disabled={pending}>Одобрить</button>}</SignoffGate>));
    await new Promise((r) => setTimeout(r, 50));
    expect((screen.getByRole("button", { name: "Одобрить" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId("signoff-missing")).toBeNull();
  });
});
