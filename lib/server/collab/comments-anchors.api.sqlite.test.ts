import { describeAnchorsApi } from "@/test/contracts/comments-anchors";

// Anchored comments on the embedded default: the harness's own SQLite file.
describeAnchorsApi({ label: "SQLite", start: async () => undefined, stop: async () => undefined });
