import { redirect } from "react-router";
import { ApiError, api, type FetchLike } from "../../lib/api.ts";

/** Loads one post or guide; an unknown slug (404) sends the visitor to the blog index. */
export async function loadOrRedirectToBlog<T>(path: string, fetch: FetchLike): Promise<T> {
  try {
    return await api<T>(path, { fetch });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw redirect("/blog");
    throw error;
  }
}
