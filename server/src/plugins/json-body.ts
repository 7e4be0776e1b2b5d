import type { FastifyInstance } from "fastify";

/**
 * JSON bodies as Fastify parses them (prototype-poisoning checks included), except that an empty
 * body with a JSON content type is "no body" rather than a 400: calls the spec makes without a
 * body (logout, resend confirmation, send shipped email, approve a partner) succeed from any
 * client, and a route that needs a body answers its usual 422.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
