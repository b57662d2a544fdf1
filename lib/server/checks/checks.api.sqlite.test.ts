import { describeChecksApi } from "@/test/contracts/checks-api";

// The checks' routes on the embedded default: the harness's own SQLite file.
describeChecksApi({ label: "SQLite", start: async () => undefined, stop: async () => undefined });
