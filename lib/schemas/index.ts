export * from "./common";
export * from "./open-enum";
export * from "./account";
export * from "./projects";
export * from "./campaigns";
export * from "./posts";
export * from "./engagement";
export * from "./queries";
