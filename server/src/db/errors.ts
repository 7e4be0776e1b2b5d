/** PostgreSQL's SQLSTATE for a unique violation. */
const uniqueViolation = "23505";

/**
 * Whether `error` is a unique violation, optionally of the named constraint (or index). Drizzle
 * wraps driver errors, and pg and PGlite nest them differently, so the causes are followed a few
 * levels down.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === uniqueViolation) {
      return constraint === undefined || (e.constraint ?? "").includes(constraint);
    }
    current = e.cause;
  }
  return false;
}
