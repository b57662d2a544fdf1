import "server-only";
export * from "./errors";
export { buildUrl, setUpstreamConfigForTests, type CallOptions, type UpstreamConfig } from "./http";
export * from "./account";
export * from "./projects";
export * from "./campaigns";
export * from "./posts";
