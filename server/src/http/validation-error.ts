/** One field problem in a 422 answer: where it is (`["body", "email"]`) and what is wrong. */
export interface FieldProblem {
  loc: Array<string | number>;
  msg: string;
}

/**
 * The body of every 422 answer, `{"detail": [{loc, msg}, ...]}`: each issue is located under
 * `where` ("body", "querystring", "params") by its path; array indexes stay numbers.
 */
export function validationErrorBody(
  where: string,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message?: string }>,
): { detail: FieldProblem[] } {
  return {
    detail: issues.map((issue) => ({
      loc: [where, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
      msg: issue.message ?? "Invalid value",
    })),
  };
}
