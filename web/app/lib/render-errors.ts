import { isRouteErrorResponse } from "react-router";

/**
 * Which errors a page request logs. A client's mistake (a form posted to a page that takes
 * none: 405) is answered and not logged, so a bot posting to every page cannot fill the log
 * with stack traces; nor is a request the client abandoned. Everything else is a fault and is.
 */
export function shouldLogRenderError(error: unknown, request: Request): boolean {
  if (request.signal.aborted) return false;
  return !(isRouteErrorResponse(error) && error.status < 500);
}
