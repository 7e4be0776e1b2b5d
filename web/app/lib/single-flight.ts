import { useRef } from "react";

/**
 * Runs a task unless one started through the same hook is still running, and then answers
 * undefined. Counted at the click, not at the next render: a double click calls twice before any
 * button can show as busy, and each call would be a refund, a shipment or an answer of its own.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await task();
    } finally {
      running.current = false;
    }
  };
}
