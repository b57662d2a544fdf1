// Types for security-headers.mjs (plain JavaScript so that server.mjs runs without a build).
export interface HeaderOptions {
  dev: boolean;
  mediaOrigins: string[];
  https: boolean;
}
export function headerOptionsFrom(source: Record<string, string | undefined>): HeaderOptions;
export function contentSecurityPolicy(options: HeaderOptions, nonce?: string): string;
export function securityHeaders(options: HeaderOptions, nonce?: string): Array<[string, string]>;
