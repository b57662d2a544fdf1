/**
 * Runs once when a server instance starts. Only in the Node.js runtime (the
 * edge runtime has no SQLite), and through a dynamic import so the edge
 * bundle never pulls the server code in. Reading NEXT_RUNTIME here is the one
 * process.env read outside lib/env.ts that Next itself requires.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/server/startup");
    await startServer();
  }
}
