import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { createTestApp } from "./test-app.ts";

const run = promisify(execFile);
const redocly = resolve(import.meta.dirname, "../../node_modules/@redocly/cli/bin/cli.js");

interface RedoclyProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: Array<{ pointer: string }>;
}

it("the generated /api/openapi.json passes Redocly's recommended rules with no error", async () => {
  const t = await createTestApp();
  const res = await t.app.inject("/api/openapi.json");
  await t.close();
  expect(res.statusCode).toBe(200);
  const folder = mkdtempSync(join(tmpdir(), "mcf-openapi-"));
  const file = join(folder, "openapi.json");
  writeFileSync(file, res.body);
  try {
    // Exit status 1 means problems were found: the JSON report says which.
    const { stdout } = await run(
      process.execPath,
      [redocly, "lint", file, "--extends=recommended", "--format=json", "--max-problems=1000"],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        maxBuffer: 20 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const report = JSON.parse(stdout) as { problems: RedoclyProblem[] };
    const errors = report.problems
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

it("the admin and partner routes declare how they are called", async () => {
  const t = await createTestApp();
  const document = (await t.app.inject("/api/openapi.json")).json();
  await t.close();
  expect(document.components.securitySchemes).toMatchObject({
    adminPassword: { type: "apiKey", in: "header", name: "admin-password" },
    staffSession: { type: "apiKey", in: "cookie", name: "mcf_staff_session" },
    partnerToken: { type: "http", scheme: "bearer" },
  });
  // Staff routes: the header (scripts) or the back office's session cookie (browsers).
  const staffCalls = [{ adminPassword: [] }, { staffSession: [] }];
  expect(document.paths["/api/admin/orders/{id}"].get.security).toEqual(staffCalls);
  expect(document.paths["/api/admin/partners"].get.security).toEqual(staffCalls);
  expect(document.paths["/api/admin/staff"].get.security).toEqual(staffCalls);
  expect(document.paths["/api/admin/session"].post.security).toBeUndefined();
  expect(document.paths["/api/ace/products"].get.security).toEqual([{ partnerToken: [] }]);
  expect(document.paths["/api/cart/calculate"].post.security).toEqual([{}, { partnerToken: [] }]);
  expect(document.paths["/api/products"].get.security).toBeUndefined();
  expect(document.security).toEqual([]);
});
