import { Budget } from "./budget";
import { budgetContract } from "@/test/contracts/budget";

// The in-process budget (one instance, the embedded mode) against the shared behaviour cases.
budgetContract("Budget (memory)", async (limits, clock) => ({ budget: new Budget(limits, clock), close: async () => {} }));
