/**
 * Files people pick by mistake instead of a CSV, by how their first bytes read once decoded as
 * UTF-8 (the browser's `file.text()`): bytes that are not UTF-8 become U+FFFD.
 */
const binaryKinds: Array<{ name: string; test: (head: string) => boolean }> = [
  { name: "a PNG image", test: (head) => /^[\uFFFD\u0089]PNG\r\n/.test(head) },
  { name: "a JPEG photo", test: (head) => /^(\uFFFD{2,3}|\u00FF\u00D8\u00FF)/.test(head) },
  { name: "a GIF image", test: (head) => /^GIF8[79]a/.test(head) },
  { name: "a WebP image", test: (head) => /^RIFF[\s\S]{4}WEBP/.test(head) },
  { name: "a PDF document", test: (head) => head.startsWith("%PDF-") },
  {
    name: "an Excel workbook or a ZIP archive",
    test: (head) => head.startsWith("PK\u0003\u0004"),
  },
];

/**
 * Why this "CSV" text cannot be one (it is an image, a PDF, a workbook, or other binary data),
 * as a sentence that says what to do; null when it reads as text.
 */
export function notCsvReason(text: string): string | null {
  const head = text.slice(0, 16);
  const kind = binaryKinds.find((candidate) => candidate.test(head))?.name;
  const sample = text.slice(0, 4096);
  // Text has no NUL, and only a stray character that is not UTF-8 (an old Windows export).
  const unreadable = (sample.match(/\uFFFD/g) ?? []).length;
  if (!kind && !text.includes("\u0000") && unreadable * 20 < sample.length) return null;
  return `That file is not a CSV: it looks like ${kind ?? "binary data, not text"}. Choose a .csv file, or in your spreadsheet use File → Save As → CSV (comma-separated values) and import that.`;
}
