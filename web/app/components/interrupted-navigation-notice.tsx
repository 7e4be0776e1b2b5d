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

function rememberPending(from: string, to: string) {
  try {
    const pending: PendingNavigation = { from, to, at: Date.now() };
    sessionStorage.setItem(storageKey, JSON.stringify(pending));
  } catch {
    // Storage may be unavailable (private modes); the notice is a nicety.
  }
}

function forgetPending() {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {}
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
    forgetPending();
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
    if (navigation.state === "loading" && navigation.location) {
      const { pathname: toPath, search: toSearch } = navigation.location;
      rememberPending(`${pathname}${search}`, `${toPath}${toSearch}`);
    } else if (navigation.state === "idle") {
      forgetPending();
    }
  }, [navigation.state, navigation.location, pathname, search]);

  useEffect(() => {
    // A click on a link is remembered as it happens: the effect above runs only once React has
    // drawn the loading state, and a page's code that fails at once (a file gone after an
    // update answers 404 in a few milliseconds) reloads the page before that.
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download"))
        return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      rememberPending(
        `${window.location.pathname}${window.location.search}`,
        `${to.pathname}${to.search}`,
      );
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

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
