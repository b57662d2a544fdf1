// Types for client-address.mjs (plain JavaScript so that server.mjs runs without a build).
import type { IncomingMessage } from "node:http";
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedProxies: number): string | undefined;
export function rewriteForwardedHeaders(req: IncomingMessage, trustedProxies: number): string | undefined;
export function parseTrustedProxies(raw: string | undefined): number;
