import { redirect } from "react-router";
import { api, type FetchLike, namesNothing } from "../../lib/api.ts";

/**
 * Loads one post or guide; an address that names none (an unknown slug, or one the API refuses
 * to read, such as one holding a NUL) sends the visitor to the blog index.
 */
export async function loadOrRedirectToBlog<T>(path: string, fetch: FetchLike): Promise<T> {
  try {
    return await api<T>(path, { fetch });
  } catch (error) {
    if (namesNothing(error)) throw redirect("/blog");
    throw error;
  }
}
