// Types for envelope.mjs (plain JavaScript so that server.mjs runs without a build).
export const EDGE_ERRORS: Record<string, [number, string]>;
export const ALLOWED_METHODS: string[];
export const RETRY_AFTER_SECONDS: number;
export function codeForStatus(status: number): string;
export function envelopeJson(code: string, message?: string): string;
export function envelopeHeaders(status: number, body: string): Array<[string, string]>;
export function rawEnvelope(code: string, securityHeaders: Array<[string, string]>): string;
