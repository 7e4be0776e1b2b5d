import { useCallback, useEffect, useState } from "react";

export type VisualizerStatus = "checking" | "reachable" | "unreachable";

/** How long the reachability check waits before it calls the visualizer unreachable. */
const probeTimeoutMs = 10_000;

/**
 * Whether the embedded visualizer's address answers at all. A cross-origin frame gives no
 * signal when it fails (the browser shows its own error page and still fires `load`), so the
 * page asks the same address with an opaque (`no-cors`) request: it resolves when the server
 * answers and rejects on a DNS, network or TLS failure. The CSP's connect-src allows that one
 * origin for this. Until hydration (and with JavaScript off) the status stays "checking" and the
 * frame is shown.
 */
export function useVisualizerReachability(url: string): {
  status: VisualizerStatus;
  retry: () => void;
} {
  const [status, setStatus] = useState<VisualizerStatus>("checking");
  const [attempt, setAttempt] = useState(0);

  // `attempt` is a dependency so that retry() runs the check again.
  useEffect(() => {
    const controller = new AbortController();
    let settled = false;
    const timer = setTimeout(() => controller.abort(), probeTimeoutMs);
    fetch(url, { method: "HEAD", mode: "no-cors", cache: "no-store", signal: controller.signal })
      .then(() => {
        settled = true;
        setStatus("reachable");
      })
      .catch(() => {
        if (settled) return;
        // An abort from unmounting is not a failure; the timeout's abort is.
        if (controller.signal.aborted && controller.signal.reason === "unmounted") return;
        setStatus("unreachable");
      })
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort("unmounted");
    };
  }, [url, attempt]);

  const retry = useCallback(() => {
    setStatus("checking");
    setAttempt((n) => n + 1);
  }, []);

  return { status, retry };
}
