import { randomBytes, randomInt } from "node:crypto";

/** Letters and digits that cannot be misheard or misread (no 0/O, 1/I/L, U). */
const readableAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** An order number a customer can read aloud, e.g. `MCF-7K3Q9P` (30^6 ≈ 729 million values). */
export function newFriendlyOrderId(): string {
  let id = "";
  for (let i = 0; i < 6; i++) id += readableAlphabet[randomInt(readableAlphabet.length)];
  return `MCF-${id}`;
}

/** The secret in a tracking link: 192 random bits, URL-safe. */
export function newTrackingToken(): string {
  return randomBytes(24).toString("base64url");
}
