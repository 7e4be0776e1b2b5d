import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { hash, verify } from "@node-rs/argon2";

/**
 * The bundled list sits beside this file in the source tree. The production bundle
 * (server/dist/main.js) is one directory away from server/src, so look there too.
 */
const listCandidates = [
  new URL("./common-passwords.txt", import.meta.url),
  new URL("../src/modules/partners/common-passwords.txt", import.meta.url),
];

let commonPasswords: Set<string> | null = null;

function loadCommonPasswords(): Set<string> {
  if (commonPasswords) return commonPasswords;
  const file = listCandidates.map((url) => fileURLToPath(url)).find((path) => existsSync(path));
  if (!file) throw new Error("The bundled common-password list is missing");
  commonPasswords = new Set(
    readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("# ")),
  );
  return commonPasswords;
}

/** True when the password (case-insensitively) is on the bundled list of common passwords. */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/** How many entries the bundled list holds (tests check it is the real list). */
export function commonPasswordCount(): number {
  return loadCommonPasswords().size;
}

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throwaway hash so a login for an unknown email costs as much time as one
 * for a real account (no account enumeration by timing).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash("not-a-real-account-password");
  await verifyPassword(await dummyHash, password);
}
