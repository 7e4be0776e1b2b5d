import type { AdminProduct } from "@mcf/contracts/product";
import { ApiError, detailText } from "../../lib/api.ts";

/**
 * Sends photos to `POST /api/admin/products/{id}/images` as a multipart form, reporting the
 * share sent (0-1) as it goes: XMLHttpRequest, because fetch reports no upload progress.
 * Resolves with the product and its photos; rejects with ApiError carrying the server's detail,
 * or an Error when the network fails.
 */
export function uploadProductPhotos(
  productId: number,
  files: File[],
  onProgress: (share: number) => void,
): Promise<AdminProduct> {
  const form = new FormData();
  for (const file of files) form.append("images", file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/products/${productId}/images`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new Error("The upload failed: check the connection and try again."));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as AdminProduct);
        return;
      }
      const detail = detailText((body as { detail?: unknown } | null)?.detail);
      reject(new ApiError(xhr.status, detail ?? `Upload failed (${xhr.status})`, detail, body));
    };
    xhr.send(form);
  });
}
