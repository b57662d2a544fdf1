// Types for envelope.mjs (plain JavaScript so that server.mjs runs without a build).
import type { IncomingHttpHeaders } from "node:http";
export const EDGE_STATUS: Record<string, number>;
export const RETRY_AFTER_SECONDS: number;
export function localeOf(headers?: IncomingHttpHeaders): string;
export function edgeMessage(code: string, locale: string): string;
export function codeForStatus(status: number): string;
export function envelopeJson(code: string, locale?: string): string;
export function envelopeHeaders(status: number, body: string): Array<[string, string]>;
export function rawEnvelope(code: string, securityHeaders: Array<[string, string]>): string;
