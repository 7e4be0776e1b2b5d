import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { assertSameOrigin } from "./same-origin.ts";

/**
 * A browser session cookie's options: HttpOnly, Secure in production or behind an https
 * PUBLIC_URL, and the path and SameSite the area asks for.
 */
export function sessionCookieOptions(
  config: Pick<Config, "env" | "publicUrl">,
  scope: { path: string; sameSite: "lax" | "strict" },
) {
  return {
    path: scope.path,
    httpOnly: true,
    sameSite: scope.sameSite,
    secure: config.env === "production" || config.publicUrl.startsWith("https:"),
  };
}

/**
 * Account work that mails a link (sign-in links, password resets) runs after the reply, so the
 * answer takes the same time whether or not the email has an account. A failure is logged under
 * `failure`; closing the app waits for work still being written.
 */
export function afterReplyWork(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.all(pending);
  });
  return (request: FastifyRequest, failure: string, work: Promise<unknown>) => {
    const running = work.then(
      () => undefined,
      (error) => request.log.error({ err: error }, failure),
    );
    pending.add(running);
    void running.finally(() => pending.delete(running));
  };
}

/**
 * Signing a browser out (always succeeds): refused from another site's page, the session behind
 * the cookie is revoked when there is one, and the cookie goes.
 */
export function signOutBrowser(options: {
  publicUrl: string;
  crossSiteMessage: string;
  cookieName: string;
  revoke: (token: string) => Promise<unknown>;
  clear: (reply: FastifyReply) => void;
}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    assertSameOrigin(request, options.publicUrl, options.crossSiteMessage);
    const token = request.cookies[options.cookieName];
    if (token) await options.revoke(token);
    options.clear(reply);
    return reply.status(204).send(null);
  };
}
