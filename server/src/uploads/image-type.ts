import { fileTypeFromBuffer } from "file-type";

/**
 * The one check of what an uploaded file really is: its type read from its bytes (magic
 * numbers), never from its name or the browser's claim, so a renamed PDF or text file is not an
 * image. Returns the MIME type when it is one of `accepted`'s keys, else null.
 */
export async function sniffImageType<T extends string>(
  bytes: Uint8Array,
  accepted: Record<T, string>,
): Promise<T | null> {
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  return mime && Object.hasOwn(accepted, mime) ? (mime as T) : null;
}

/** The file's name as its sender knows it, safe to repeat in a message ("A photo" when blank). */
export function shownFileName(filename: string): string {
  const clean = filename
    .replace(/[\p{Cc}"]/gu, "")
    .trim()
    .slice(0, 80);
  return clean ? `"${clean}"` : "A photo";
}
