import { existsSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { mailLogPath } from "./env.ts";

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function capturedMails(): CapturedMail[] {
  if (!existsSync(mailLogPath)) return [];
  return readFileSync(mailLogPath, "utf8")
    .split("\n")
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
