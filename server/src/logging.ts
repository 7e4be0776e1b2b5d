import type { FastifyServerOptions } from "fastify";
import pretty from "pino-pretty";

/** Hides the secret parts of URLs: tracking tokens, reset tokens, payment session ids. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/(\/track\/)[^/?#]+/g, "$1[redacted]")
      .replace(/(\/by-session\/)[^/?#]+/g, "$1[redacted]")
      .replace(/(\/pay\/)[^/?#]+/g, "$1[redacted]")
      .replace(/(\/test-sessions\/)[^/?#]+/g, "$1[redacted]")
      .replace(/([?&](?:token|session_id|order_details)=)[^&#]*/g, "$1[redacted]")
      // The same paths URL-encoded inside a query, e.g. React Router's lazy route discovery:
      // /__manifest?paths=%2Fpay%2Ftest_abc (found by the e2e log scan).
      .replace(/(%2F(?:track|by-session|pay|test-sessions)%2F)[^%&#]+/gi, "$1[redacted]")
      .replace(/((?:%3F|%26)(?:token|session_id|order_details)%3D)[^%&#]*/gi, "$1[redacted]")
  );
}

/** Paths pino blanks out wherever they appear in a log line. */
export const redactPaths = [
  "req.headers.authorization",
  'req.headers["admin-password"]',
  "req.headers.cookie",
  'res.headers["x-ace-token"]',
  "password",
  "new_password",
  "token",
  "*.password",
  "*.new_password",
  "*.token",
  "*.password_hash",
  "*.card_number",
  "headers.authorization",
  'headers["admin-password"]',
];

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * Logs for a person at a terminal (`npm start` in development): one line each, time, level and
 * message, instead of JSON. `destination` is where the lines go (the terminal by default).
 */
export function prettyLogStream(destination?: NodeJS.WritableStream): NodeJS.WritableStream {
  return pretty({
    colorize: destination === undefined && Boolean(process.stdout.isTTY),
    singleLine: true,
    translateTime: "HH:MM:ss",
    ignore: "pid,hostname,reqId",
    ...(destination ? { destination } : {}),
  });
}
