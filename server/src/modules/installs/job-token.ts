import { randomBytes } from "node:crypto";

/** The secret in a customer's page address: 192 random bits, so it cannot be guessed. */
export function newJobToken(): string {
  return randomBytes(24).toString("base64url");
}
