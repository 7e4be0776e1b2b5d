import { minPasswordLength, passwordTooShortMessage } from "@mcf/contracts/partners-options";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { api, serverDetail } from "./api.ts";
import { useOneSubmission } from "./use-one-submission.ts";

/**
 * The "choose a new password" form behind an emailed link (`?token=…`), for partners and staff
 * alike: the two entries must match and be long enough before the token is spent, and a refused
 * token says to ask for a new link. `endpoint` takes `{token, new_password}`.
 */
export function usePasswordReset(endpoint: string) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { submitting, error, setError, isBusy, run } = useOneSubmission(
    token ? null : "Missing reset token. Please use the link from your email.",
  );
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy() || !token) return;
    if (password !== confirm) {
      setError("Passwords do not match");
      return;
    }
    if (password.length < minPasswordLength) {
      setError(passwordTooShortMessage);
      return;
    }
    await run(
      async () => {
        await api(endpoint, { method: "POST", body: { token, new_password: password } });
        setDone(true);
      },
      (failure) =>
        serverDetail(failure) ?? "Invalid or expired token. Please request a new password reset.",
    );
  }

  return {
    token,
    password,
    setPassword,
    confirm,
    setConfirm,
    error,
    done,
    submitting,
    submit,
  };
}
