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
  constructor(status: number, message: string, detail: string | null = null) {
    super(message);
    this.status = status;
    this.detail = detail;
    this.name = "ApiError";
  }
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
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

/** Sends one request; resolves with the parsed JSON and headers, or throws ApiError / AbortError. */
export async function apiCall<T>(
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
    throw new ApiError(
      response.status,
      detail ?? `Request failed with status ${response.status}`,
      detail,
    );
  }
  return { data: json as T, headers: response.headers, status: response.status };
}

/** apiCall for when only the JSON body matters. */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiCall<T>(path, options)).data;
}
