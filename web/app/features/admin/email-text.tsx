import { Fragment } from "react";

/**
 * An email address that wraps only where a reader expects it, before "@" and after a dot, never
 * mid-word: the parent needs `break-words` so that only a part longer than the line still breaks.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one address never reorder: their place is their identity.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
