import { type FormEvent, useState } from "react";
import { detailText } from "./api.ts";

/** Photos travel with the form: a slow phone connection needs longer than a JSON call. */
const uploadTimeoutMs = 60_000;

export type FileFormState =
  | { step: "form"; error: string | null }
  | { step: "sending" }
  | { step: "sent"; message: string };

/**
 * Sends the form as multipart (the photos' bytes) and reads the server's answer: its message once
 * sent, else its detail or a line saying the `what` (claim, review) could not be sent.
 */
async function sendFileForm(
  url: string,
  form: HTMLFormElement,
  what: string,
  sentMessage: string,
): Promise<FileFormState> {
  try {
    const response = await fetch(url, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      signal: AbortSignal.timeout(uploadTimeoutMs),
    });
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      detail?: unknown;
    } | null;
    if (response.ok) return { step: "sent", message: body?.message ?? sentMessage };
    return {
      step: "form",
      error:
        detailText(body?.detail) ?? `The ${what} could not be sent (error ${response.status}).`,
    };
  } catch {
    return {
      step: "form",
      error: `The ${what} could not be sent. Please check your connection and try again.`,
    };
  }
}

/**
 * A form with photos that posts to `url`: `submit` sends it and steps the state from form to
 * sending to sent (or back to form with the error).
 */
export function useFileForm(url: string, what: string, sentMessage: string) {
  const [state, setState] = useState<FileFormState>({ step: "form", error: null });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setState({ step: "sending" });
    setState(await sendFileForm(url, form, what, sentMessage));
  };
  return { state, submit };
}
