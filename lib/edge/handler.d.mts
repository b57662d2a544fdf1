// Types for handler.mjs (plain JavaScript so that server.mjs runs without a build).
import type { IncomingMessage, Server, ServerResponse } from "node:http";
export const LINGER_MS: number;
export type Upstream = { socketPath: string } | { host: string; port: number };
export interface EdgeOptions {
  upstream: Upstream;
  trustedProxies: number;
  securityHeaders: Array<[string, string]>;
  onError?: (error: unknown) => void;
}
export function createEdgeHandler(options: EdgeOptions): (req: IncomingMessage, res: ServerResponse) => void;
export function nextListener(handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>, onError?: (error: unknown) => void): (req: IncomingMessage, res: ServerResponse) => void;
export function attachEdgeListeners(server: Server, securityHeaders: Array<[string, string]>): void;
export function clientErrorCode(code: string | undefined): string;
