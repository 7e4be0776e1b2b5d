import { useEffect, useRef } from "react";

/**
 * For a form's message shown above its fields: each time `message` is set, the element (give it
 * `tabIndex={-1}`) is brought into view and given the keyboard. On a phone the button pressed is
 * often a screen or more below the message, and nothing else would seem to happen.
 */
export function useShownWhenSet<T extends HTMLElement>(message: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!message) return;
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus({ preventScroll: true });
  }, [message]);
  return ref;
}
