import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeMirrorStore } from "@/test/contracts/mirror-store";

// The same cases on a real Postgres (Debian's postgresql, started here on a free port): a database per case.
describeMirrorStore("Postgres", postgresForThisFile("mirror"));
