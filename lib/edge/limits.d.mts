// Types for limits.mjs (plain JavaScript so that server.mjs runs without a build).
import type { IncomingHttpHeaders } from "node:http";
export const ALLOWED_METHODS: string[];
export const MAX_URL_BYTES: number;
export const AUTH_BODY_LIMIT: number;
export const BODY_LIMIT: number;
export function pathOf(url: string): string;
export function isUnder(path: string, prefix: string): boolean;
export function bodyLimitFor(path: string): number;
export function refusalFor(req: { method?: string; url?: string; headers: IncomingHttpHeaders }): string | null;
