import { overLimits } from "@/lib/posts/over-limit";
import type { Post } from "@/lib/schemas";

/*
 * Tests that approve whatever waits in the simulator's world take only posts within every platform's
 * limit: an approve over one needs the person's confirmation (lib/server/checks/limits-gate.ts), and
 * which posts wait depends on the hour the world starts at (a long-format campaign's run past
 * Telegram's 1,024-character caption). The limit's own tests choose their posts on purpose.
 */
export const withinEveryLimit = (post: Pick<Post, "text" | "media">): boolean => overLimits(post, ["TELEGRAM", "MAX"]).length === 0;
