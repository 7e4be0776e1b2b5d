// Sections of docs/performance.md that one bench mode owns (e.g. the closeout rush): kept
// between markers, so another mode's run rewrites the rest and leaves them alone.

const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];

/** The body of section `name` in `doc`, or null. */
export function keptReportSection(doc, name) {
  const [start, end] = markers(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) return null;
  return doc.slice(from + start.length, to).trim();
}

/** `doc` with section `name` set to `body`: in place, else before "How to read", else at the end. */
export function replaceReportSection(doc, name, body) {
  const [start, end] = markers(name);
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) return doc.slice(0, from) + block + doc.slice(to + end.length);
  const howTo = doc.indexOf("## How to read and rerun");
  if (howTo >= 0) return `${doc.slice(0, howTo)}${block}\n\n${doc.slice(howTo)}`;
  return `${doc.trimEnd()}\n\n${block}\n`;
}
