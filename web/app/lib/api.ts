/**
 * The web app's one API client: JSON, 10 s timeout, abortable, credentials sent.
 * In loaders pass `fetch: context.apiFetch` so the call stays in-process.
 */
export const apiTimeoutMs = 10_000;

export type FetchLike = (
  path: string,
  init?: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    credentials?: RequestCredentials;
  },
) => Promise<Response>;

export class ApiError extends Error {
  readonly status: number;
  /** The server's own `detail` text, when it sent one (screens that show "server detail, else X"). */
  readonly detail: string | null;
  /** The whole JSON answer, for fields beside `detail` (e.g. `sold_out` on a stock conflict). */
  readonly body: unknown;
  /** The Retry-After header of a busy answer, when the server sent one. */
  retryAfter: string | null = null;
  constructor(status: number, message: string, detail: string | null = null, body: unknown = null) {
    super(message);
    this.status = status;
    this.detail = detail;
    this.body = body;
    this.name = "ApiError";
  }
}

/**
 * True when the API says the address names nothing: not found (404), or not a valid key at all
 * (422, or 400 for one holding a NUL). A page shows its "not found" state for these, never an
 * error: they are the visitor's link, not our failure.
 */
export function namesNothing(error: unknown): boolean {
  return error instanceof ApiError && [400, 404, 422].includes(error.status);
}

/** The server's `detail` as one line of text (a string, or a list of {msg}). */
export function detailText(detail: unknown): string | null {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    const messages = detail
      .map((item) =>
        item && typeof item === "object" && "msg" in item
          ? String((item as { msg: unknown }).msg)
          : null,
      )
      .filter(Boolean);
    return messages.length > 0 ? messages.join("; ") : null;
  }
  return null;
}

/**
 * The server's `detail` of a failed call, or null (network error, timeout, an answer without
 * one): for "the server detail, else a fixed message".
 */
export function serverDetail(error: unknown): string | null {
  return error instanceof ApiError ? error.detail : null;
}

/** True when the caller aborted the request (ignore it: the screen moved on). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** ACE partner session token, sent as a bearer token. */
  token?: string | null;
  /** Admin password, sent in the admin-password header. */
  adminPassword?: string | null;
  headers?: Record<string, string>;
  fetch?: FetchLike;
  /**
   * Whether a busy answer (503 or 429) is retried, and how. Only for requests safe to repeat:
   * by default GETs made from the browser (not loaders' in-process calls, which must answer
   * fast); a caller passes `true` or options for a POST that is safe (a calculation, a payment
   * start with an Idempotency-Key), `false` to turn it off.
   */
  retry?: boolean | RetryOptions;
}

export interface RetryOptions {
  /** The longest total time spent waiting between attempts, in ms (default 8 s). */
  maxWaitMs?: number;
  /** Called before each wait, so a screen can show a calm "busy, retrying" state. */
  onRetry?: (retry: { attempt: number; delayMs: number; status: number }) => void;
  /** Waits `ms` or until `signal` aborts (tests pass their own). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0 ≤ n < 1 for the jitter (tests pass their own). */
  random?: () => number;
}

/** Total wait across retries unless the caller says otherwise. */
export const defaultRetryWaitMs = 8_000;
const maxAttempts = 6;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new DOMException("Aborted", "AbortError"));
      },
      { once: true },
    );
  });
}

/**
 * How long the server asked us to wait: Retry-After in seconds or as an HTTP date; without one,
 * one second doubled per attempt. Then up to half again at random, so shoppers the server
 * turned away together do not all come back in the same instant.
 */
export function retryDelayMs(
  retryAfter: string | null,
  attempt: number,
  random: () => number = Math.random,
  now = Date.now(),
): number {
  let base = 1000 * 2 ** (attempt - 1);
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) base = seconds * 1000;
    else if (Number.isFinite(date)) base = Math.max(0, date - now);
  }
  return Math.round(base * (1 + random() * 0.5));
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

const isRetryable = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 503 || error.status === 429);

/**
 * Sends a request; resolves with the parsed JSON and headers, or throws ApiError / AbortError.
 * A busy answer (503, 429) to a request safe to repeat is retried after its Retry-After (with
 * jitter) while the total wait stays within the bound; past it, the last error is thrown.
 */
export async function apiCall<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const method = options.method ?? "GET";
  const retry =
    options.retry === undefined ? method === "GET" && !options.fetch : options.retry !== false;
  if (!retry) return apiCallOnce<T>(path, options);
  const policy = typeof options.retry === "object" ? options.retry : {};
  const budget = policy.maxWaitMs ?? defaultRetryWaitMs;
  const wait = policy.sleep ?? sleep;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiCallOnce<T>(path, options);
    } catch (error) {
      if (!isRetryable(error) || attempt >= maxAttempts) throw error;
      const delayMs = retryDelayMs(error.retryAfter, attempt, policy.random);
      if (waited + delayMs > budget) throw error;
      policy.onRetry?.({ attempt, delayMs, status: error.status });
      await wait(delayMs, options.signal);
      waited += delayMs;
    }
  }
}

/** One request, no retry. */
async function apiCallOnce<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.adminPassword) headers["admin-password"] = options.adminPassword;

  const timeout = AbortSignal.timeout(apiTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const fetchImpl: FetchLike = options.fetch ?? ((p, init) => fetch(p, init));
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      credentials: "include",
    });
  } catch {
    if (options.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    if (timeout.aborted)
      throw new ApiError(0, "The request timed out. Please check your connection and try again.");
    throw new ApiError(0, "Network error. Please check your connection and try again.");
  }
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const detail =
      json && typeof json === "object" && "detail" in json
        ? detailText((json as { detail: unknown }).detail)
        : null;
    const error = new ApiError(
      response.status,
      detail ?? `Request failed with status ${response.status}`,
      detail,
      json,
    );
    error.retryAfter = response.headers.get("retry-after");
    throw error;
  }
  return { data: json as T, headers: response.headers, status: response.status };
}

/** apiCall for when only the JSON body matters. */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiCall<T>(path, options)).data;
}
