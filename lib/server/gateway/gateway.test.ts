import { describe, expect, it } from "vitest";
import { gatewayContract, type MakeGateway } from "@/test/contracts/gateway";
import { gatewayWorld } from "@/test/contracts/gateway-world";
import { createGateway } from "./gateway";

// The embedded gateway (one process, its LRU and its own Budget) against the shared behaviour cases.
const embedded: MakeGateway = async (options) => ({ gateway: createGateway(options), settled: async () => {}, close: async () => {} });

gatewayContract("Gateway (embedded)", embedded);

describe("Gateway (embedded) only", () => {
  const setup = gatewayWorld(embedded);

  it("asks the upstream again for an answer pushed out of memory", async () => {
    const t = await setup({ maxEntries: 3 });
    for (const id of [1, 2, 3, 1, 4]) await t.read(id);
    expect(t.calls()).toBe(4);
    await t.read(2);
    expect(t.calls()).toBe(5);
  });
});
