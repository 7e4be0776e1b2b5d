/** Expected failures, each mapped to one HTTP status in the error handler. */
const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Fields answered beside `detail` (e.g. `sold_out` on a stock conflict). */
  readonly fields: Record<string, unknown>;
  constructor(code: AppErrorCode, detail: string, fields: Record<string, unknown> = {}) {
    super(detail);
    this.code = code;
    this.fields = fields;
    this.name = "AppError";
  }
  get statusCode(): number {
    return statusByCode[this.code];
  }
}

export const notFound = (detail: string) => new AppError("not_found", detail);
export const invalid = (detail: string) => new AppError("invalid", detail);
export const conflict = (detail: string) => new AppError("conflict", detail);
export const unauthorized = (detail: string) => new AppError("unauthorized", detail);
export const forbidden = (detail: string) => new AppError("forbidden", detail);
export const badRequest = (detail: string) => new AppError("bad_request", detail);
