import type { ReactNode } from "react";

/** The navy banner at the top of the content pages. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-navy-800 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-20"
        style={{
          background:
            "repeating-linear-gradient(100deg,#b7793f 0 70px,#9a6233 70px 72px,#c98f55 72px 150px,#9a6233 150px 152px)",
        }}
      />
      <div className="container-page relative py-12 sm:py-16">
        {eyebrow ? (
          <p className="mb-3 text-sm font-semibold tracking-widest text-oak-100 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mb-4 max-w-3xl text-3xl leading-tight font-bold text-white sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="max-w-2xl text-lg text-navy-50">{children}</div> : null}
      </div>
    </section>
  );
}
