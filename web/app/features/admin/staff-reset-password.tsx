import { Link } from "react-router";
import { useStoreDetails } from "../../lib/store-details.ts";
import { usePasswordReset } from "../../lib/use-password-reset.ts";

/** /admin/reset-password?token=…: a staff member chooses a new password from the emailed link. */
export function StaffResetPassword() {
  const store = useStoreDetails();
  const { token, password, setPassword, confirm, setConfirm, error, done, submitting, submit } =
    usePasswordReset("/api/admin/session/reset-password");

  return (
    <div className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-16">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-8 shadow-lg">
        <p className="text-xs font-bold tracking-widest text-oak-600 uppercase">
          {store.business_name}
        </p>
        <h1 className="mb-6 text-2xl font-bold">Choose a new password</h1>
        {done ? (
          <>
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
              Password reset successful. Every earlier sign-in of your account has ended.
            </p>
            <Link to="/admin" className="btn-dark mt-6 w-full">
              Sign in
            </Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <label htmlFor="staff-new-password" className="field-label">
              New password
            </label>
            <input
              id="staff-new-password"
              type="password"
              autoComplete="new-password"
              required
              className="field-input mb-4"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <label htmlFor="staff-confirm-password" className="field-label">
              Confirm new password
            </label>
            <input
              id="staff-confirm-password"
              type="password"
              autoComplete="new-password"
              required
              className="field-input"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            {error ? (
              <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <button type="submit" className="btn-dark mt-6 w-full" disabled={submitting || !token}>
              {submitting ? "Saving…" : "Save new password"}
            </button>
            <p className="mt-4 text-xs text-stone-600">
              At least 8 characters; a phrase is easier to remember.{" "}
              <Link to="/admin" className="font-semibold text-navy-800 underline">
                Back to sign in
              </Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
