// The few parts of oidc-provider (v9, shipped without types) that the OIDC tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Claims = Record<string, unknown> & { sub: string };
  export type Account = { accountId: string; claims: (use: string, scope: string) => Promise<Claims> | Claims };
  export type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[] };
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    features?: Record<string, unknown>;
    ttl?: Record<string, number>;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
