import type { FastifyRequest } from "fastify";
import { invalid } from "../errors.ts";

/** One file as it arrived: the name the sender's device gave it and its bytes. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  /** True when the upload was cut at the size limit. */
  truncated: boolean;
}

/** Multipart limits broken by the sender, as sentences (the plugin's own are codes). */
export function multipartRefusals(tooManyFiles: string): Record<string, string> {
  return {
    FST_FILES_LIMIT: tooManyFiles,
    FST_PARTS_LIMIT: "The form has too many parts.",
    FST_FIELDS_LIMIT: "The form has too many fields.",
    FST_INVALID_MULTIPART_CONTENT_TYPE: "Send the form as multipart/form-data.",
  };
}

/**
 * Reads a multipart form (the route's scope registers @fastify/multipart with its limits): text
 * fields, and each file's bytes (cut at the size limit and flagged). Throws 422 with a sentence
 * when the form breaks a limit or is not multipart.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  refusals: Record<string, string>,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart())
    throw invalid(refusals.FST_INVALID_MULTIPART_CONTENT_TYPE ?? "Send a multipart form.");
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      // A file input left empty still sends one part with no name and no bytes.
      if (bytes.length === 0 && !part.filename) continue;
      files.push({ filename: part.filename, bytes, truncated: part.file.truncated });
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    const refusal = refusals[code];
    if (refusal) throw invalid(refusal);
    throw error;
  }
  return { fields, files };
}
