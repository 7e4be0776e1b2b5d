import type { ReactNode } from "react";
import { CheckIcon } from "../../components/icons.tsx";

/** The top of a /success page: a green check, the page's heading, and what follows it. */
export function PaidHeader({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="mb-8 text-center">
      <span className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CheckIcon className="h-8 w-8" />
      </span>
      <h1 className="mb-2 text-3xl font-bold sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
}
