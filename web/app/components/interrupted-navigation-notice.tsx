import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";

const storageKey = "mcf:pending-navigation";
/** A reload this soon after a navigation started is taken as that navigation failing. */
const recentMs = 30_000;

interface PendingNavigation {
  from: string;
  to: string;
  at: number;
}

function readPending(): PendingNavigation | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as PendingNavigation) : null;
  } catch {
    return null;
  }
}

/**
 * When the code of the next page fails to download (usually because the site was updated while
 * the tab was open), React Router reloads the page the visitor is on, and their click seems to
 * do nothing. This remembers where a navigation was going; if the page is reloaded while it is
 * still pending, it says so and offers a full load of the page they asked for.
 */
export function InterruptedNavigationNotice() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  /** The page the visitor asked for, and the page they were left on. */
  const [interrupted, setInterrupted] = useState<{ to: string; on: string } | null>(null);

  useEffect(() => {
    const pending = readPending();
    sessionStorage.removeItem(storageKey);
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (
      pending &&
      entry?.type === "reload" &&
      Date.now() - pending.at < recentMs &&
      pending.from === `${window.location.pathname}${window.location.search}` &&
      pending.to !== pending.from
    ) {
      setInterrupted({ to: pending.to, on: pending.from });
    }
  }, []);

  useEffect(() => {
    try {
      if (navigation.state === "loading" && navigation.location) {
        const { pathname: toPath, search: toSearch } = navigation.location;
        const pending: PendingNavigation = {
          from: `${pathname}${search}`,
          to: `${toPath}${toSearch}`,
          at: Date.now(),
        };
        sessionStorage.setItem(storageKey, JSON.stringify(pending));
      } else if (navigation.state === "idle") {
        sessionStorage.removeItem(storageKey);
      }
    } catch {
      // Storage may be unavailable (private modes); the notice is a nicety.
    }
  }, [navigation.state, navigation.location, pathname, search]);

  useEffect(() => {
    // Any later navigation makes the notice stale.
    if (interrupted && `${pathname}${search}` !== interrupted.on) setInterrupted(null);
  }, [pathname, search, interrupted]);

  if (!interrupted) return null;
  return (
    <div role="alert" className="border-b border-oak-500/40 bg-oak-50">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3 text-stone-800">
        <p>
          <strong>That page could not be opened.</strong> The site may have just been updated;
          loading it again fixes this.
        </p>
        <a href={interrupted.to} className="btn-primary px-4 py-2">
          Reload and open the page
        </a>
      </div>
    </div>
  );
}
