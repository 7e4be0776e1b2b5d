import { jsonLdText } from "../lib/seo.ts";

/** A structured-data block (not executed, so the CSP does not apply). */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  );
}
