import { describeAnchorsApi } from "./comments-anchors-contract";

// Anchored comments on the embedded default: the harness's own SQLite file.
describeAnchorsApi({ label: "SQLite", start: async () => undefined, stop: async () => undefined });
