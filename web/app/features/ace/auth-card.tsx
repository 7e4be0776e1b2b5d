/** The frame of the partner sign-in, sign-up and password screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="mb-1 text-xs font-bold tracking-wider text-oak-600 uppercase">
          ACE Partner Portal
        </p>
        <h1 className="mb-2 text-2xl font-bold text-navy-800">{title}</h1>
        {subtitle ? (
          <p className="mb-6 text-sm text-stone-600">{subtitle}</p>
        ) : (
          <div className="mb-6" />
        )}
        {children}
      </div>
    </div>
  );
}

/** The red banner for a failed submission. */
export function ErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {message}
    </div>
  );
}

/** The green banner for a finished action. */
export function SuccessBanner({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
    >
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

/** Spinner line for screens waiting on the session. */
export function LoadingLine({ label = "Loading..." }: { label?: string }) {
  return (
    <div
      className="container-page flex items-center justify-center gap-3 py-20 text-stone-600"
      role="status"
    >
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-navy-800 border-t-transparent" />
      {label}
    </div>
  );
}

/** A labelled input of the partner forms; they mark no field as required. */
export function AuthField({
  id,
  label,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="field-input" {...input} />
    </div>
  );
}
