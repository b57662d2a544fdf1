import "server-only";
export * from "./errors";
export { setUpstreamConfigForTests, type CallOptions } from "./http";
export * from "./account";
export * from "./projects";
export * from "./campaigns";
export * from "./posts";
