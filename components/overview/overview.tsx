"use client";

import { AttentionPanel } from "./attention-panel";
import { LimitsPanel } from "./limits-panel";
import { PlanPanel, QuotaPanel } from "./plan-panel";

/** The overview's panels; each loads and fails on its own. */
export function Overview() {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <PlanPanel />
      <QuotaPanel />
      <LimitsPanel />
      <AttentionPanel />
    </div>
  );
}
