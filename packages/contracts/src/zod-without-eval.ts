import { z } from "zod";

/**
 * In the browser, zod must not probe for `new Function` (its JIT): our Content-Security-Policy
 * has no 'unsafe-eval', so the probe is blocked and reported as a violation on every page that
 * validates a form. Imported first by every contracts module that builds schemas, so a page that
 * never loads a schema never loads zod; the server keeps the JIT.
 */
if (typeof (globalThis as { window?: unknown }).window !== "undefined") z.config({ jitless: true });
