import { describeSignoffStanding } from "@/test/contracts/signoff-standing";

// Embedded mode: one SQLite file, the users file.
describeSignoffStanding({ name: "SQLite" });
