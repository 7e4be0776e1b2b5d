import { storeIdentity } from "./store-identity.ts";

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export interface EmailLayout {
  subject: string;
  /** The headline at the top of the message. */
  heading: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** Label/value rows shown as a table (order totals, form fields). */
  table?: Array<[string, string]>;
  /** A button with its link. */
  action?: { label: string; url: string };
  /** Closing paragraphs after the table and button. */
  footnotes?: string[];
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const colors = {
  navy: "#1f2a44",
  oak: "#b7793f",
  cream: "#f6efe4",
  ink: "#1c1917",
  muted: "#57534e",
};

/** Renders one branded message with an HTML part and a plain-text part carrying the same words. */
export function renderEmail(layout: EmailLayout): EmailContent {
  const store = storeIdentity();
  const paragraphsHtml = layout.paragraphs
    .map(
      (p) => `<p style="margin:0 0 14px;line-height:1.55;color:${colors.ink}">${escapeHtml(p)}</p>`,
    )
    .join("");
  const tableHtml = layout.table
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:8px 0 18px">${layout.table
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 10px;border-bottom:1px solid #e7e0d4;color:${colors.muted};width:40%;vertical-align:top">${escapeHtml(label)}</td><td style="padding:8px 10px;border-bottom:1px solid #e7e0d4;color:${colors.ink};white-space:pre-line">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const actionHtml = layout.action
    ? `<p style="margin:18px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;background:${colors.oak};color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(layout.action.label)}</a></p>`
    : "";
  const footHtml = (layout.footnotes ?? [])
    .map(
      (p) =>
        `<p style="margin:0 0 12px;line-height:1.55;color:${colors.muted}">${escapeHtml(p)}</p>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="margin:0;background:${colors.cream};font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#fff;border-radius:10px;overflow:hidden">
<tr><td style="background:${colors.navy};padding:18px 24px;color:#fff;font-size:20px;font-weight:700">${escapeHtml(store.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:${colors.navy}">${escapeHtml(layout.heading)}</h1>
${paragraphsHtml}${tableHtml}${actionHtml}${footHtml}
</td></tr>
<tr><td style="padding:16px 24px;background:${colors.cream};color:${colors.muted};font-size:12px;line-height:1.5">${escapeHtml(store.name)} · ${escapeHtml(store.formattedAddress)} · ${escapeHtml(store.phone)}</td></tr>
</table></td></tr></table></body></html>`;

  const textParts = [layout.heading, "", ...layout.paragraphs.flatMap((p) => [p, ""])];
  if (layout.table) {
    textParts.push(...layout.table.map(([label, value]) => `${label}: ${value}`), "");
  }
  if (layout.action) textParts.push(`${layout.action.label}: ${layout.action.url}`, "");
  for (const note of layout.footnotes ?? []) textParts.push(note, "");
  textParts.push("--", store.name, store.formattedAddress, store.phone);
  return { subject: layout.subject, html, text: textParts.join("\n") };
}
