import { join } from "node:path";

/** Where the e2e run keeps its server data, logs and captured emails. */
export const e2eRunDir = process.env.E2E_RUN_DIR ?? join(process.cwd(), "test-results", "run");
export const mailLogPath = join(e2eRunDir, "mail.jsonl");
export const serverLogPath = join(e2eRunDir, "server.log");
export const e2eAdminPassword = "e2e-admin-password";
