import type { ReactNode } from "react";

/** The layout of the privacy policy and the terms: title, update date, readable sections. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="mb-2 text-4xl font-bold">{title}</h1>
      <p className="mb-8 text-sm text-stone-600">Last updated {updated}</p>
      <div className="prose-content">{children}</div>
    </article>
  );
}
