import { describeShareCreatorAccess } from "@/test/contracts/share-creator-access";

// Embedded mode: one SQLite file, the users file.
describeShareCreatorAccess({ name: "SQLite" });
