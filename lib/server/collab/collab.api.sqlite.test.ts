import { describeCollabApi } from "@/test/contracts/collab-api";

// The collab routes on the embedded default: the harness's own SQLite file.
describeCollabApi({ label: "SQLite", start: async () => undefined, stop: async () => undefined });
