import { existsSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { mailLogPath } from "./env.ts";

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Every email captured so far. The SMTP catcher may be appending a line while a worker reads:
 * only lines it has finished (ended by a newline) are read.
 */
export function capturedMails(): CapturedMail[] {
  if (!existsSync(mailLogPath)) return [];
  const lines = readFileSync(mailLogPath, "utf8").split("\n");
  return lines
    .slice(0, -1)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/** Waits until an email matching the predicate reaches the test SMTP server, and returns it. */
export async function waitForMail(
  predicate: (mail: CapturedMail) => boolean,
  timeout = 20_000,
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = capturedMails().find(predicate);
        return Boolean(found);
      },
      { timeout, message: "expected an email to arrive at the test SMTP server" },
    )
    .toBe(true);
  return found as CapturedMail;
}
