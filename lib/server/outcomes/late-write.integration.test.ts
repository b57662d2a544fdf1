import { describeLateWriteContract } from "@/test/contracts/late-write-outcomes";

// Embedded mode: the audit log and the settler's schedule in a SQLite file.
describeLateWriteContract("SQLite", {});
