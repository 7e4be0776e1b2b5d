import type { ReactNode } from "react";

/** Why the last step failed, in red beside the form that took it; nothing while all is well. */
export function ErrorLine({ message }: { message: ReactNode }) {
  return message ? (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
