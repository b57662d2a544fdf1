// Runs in the browser before the app's code (Next's instrumentation-client convention).
import { installLazyNumberFormat } from "@/lib/format/lazy-number-format";

// A page's messages build no Intl formatter while it hydrates (why: lib/format/lazy-number-format.ts).
installLazyNumberFormat(Intl);
