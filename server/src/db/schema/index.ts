export * from "./audit.ts";
export * from "./catalog.ts";
export * from "./leads.ts";
export * from "./mail.ts";
export * from "./orders.ts";
export * from "./partners.ts";
export * from "./payments.ts";
