import { describeCollabApi } from "./api-contract";

// The collab routes on the embedded default: the harness's own SQLite file.
describeCollabApi({ label: "SQLite", start: async () => undefined, stop: async () => undefined });
