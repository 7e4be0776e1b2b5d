import { serviceAreas } from "@mcf/contracts/service-areas";
import type { PublicStoreDetails } from "@mcf/contracts/store-settings";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs as ShouldRevalidateArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { JsonLd } from "./components/json-ld.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { CartSlideOver } from "./features/cart/cart-slide-over.tsx";
import { api } from "./lib/api.ts";
import { CartProvider } from "./lib/cart/cart-context.tsx";
import { CartDrawerProvider } from "./lib/cart/cart-drawer.tsx";
import {
  deferredIsland,
  deferredIslandsHydrated,
  prefetchDeferredIslands,
} from "./lib/deferred-island.tsx";
import { useNonce } from "./lib/nonce.ts";
import { formatTitle } from "./lib/page-titles.ts";
import { breadcrumbJsonLd } from "./lib/seo.ts";
import { openingHoursOf, shippedStoreDetails, useStoreDetails } from "./lib/store-details.ts";

/**
 * Code that follows hydration (decision 089): the footer is links and the store's details,
 * needed by no one before they scroll to it; the interrupted-navigation notice shows only after
 * a failed navigation and a reload; the 404 message only on a missing page.
 */
const SiteFooter = deferredIsland(() =>
  import("./components/site-footer.tsx").then((m) => m.SiteFooter),
);
const InterruptedNavigationNotice = deferredIsland(() =>
  import("./components/interrupted-navigation-notice.tsx").then(
    (m) => m.InterruptedNavigationNotice,
  ),
);
const NotFoundView = deferredIsland(() =>
  import("./components/not-found-view.tsx").then((m) => m.NotFoundView),
);

/**
 * The public URL, and the store's details from the owner's settings (name, phone, address,
 * hours, visualizer): every page, the footer and the JSON-LD read them from here. The shipped
 * details stand in when the settings cannot be read, so a page still renders.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const store = await api<PublicStoreDetails>("/api/settings/public", {
    fetch: context.apiFetch,
  }).catch(() => shippedStoreDetails);
  return { publicUrl: context.publicUrl, store };
}

/** The details change only with a settings save, which re-renders every page on its next load. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The LocalBusiness JSON-LD of every page, from the store's settings. */
function localBusinessJsonLd(store: PublicStoreDetails) {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    name: store.business_name,
    telephone: store.phone,
    email: store.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: store.address.street,
      addressLocality: store.address.city,
      addressRegion: store.address.state,
      postalCode: store.address.zip,
      addressCountry: "US",
    },
    ...(store.map_url ? { hasMap: store.map_url } : {}),
    openingHours: openingHoursOf(store.hours),
    areaServed: serviceAreas.map((area) => ({ "@type": "Place", name: `${area.name}, AL` })),
    description: `Flooring sales and installation. Showroom at ${store.formatted_address}.`,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const baseUrl = rootData?.publicUrl ?? "";
  const url = `${baseUrl}${pathname === "/" ? "/" : pathname.replace(/\/$/, "")}`;
  const breadcrumbs = breadcrumbJsonLd(pathname, baseUrl);
  const isPartnerArea = pathname === "/ace" || pathname.startsWith("/ace/");
  const isBareScreen = pathname.startsWith("/pay/") || pathname === "/admin";

  useEffect(() => {
    // Marks the page interactive (end-to-end tests wait for it before clicking), once the parts
    // whose code comes after hydration (decision 089) have hydrated too.
    void deferredIslandsHydrated().then(() => {
      document.documentElement.dataset.hydrated = "true";
      prefetchDeferredIslands();
    });
    // A stored service worker registration from an older site version is removed on load.
    navigator.serviceWorker?.getRegistrations?.().then((registrations) => {
      for (const registration of registrations) void registration.unregister();
    });
  }, []);

  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2a44" />
        <Meta />
        <link rel="canonical" href={url} />
        <meta property="og:url" content={url} />
        <meta name="twitter:url" content={url} />
        <Links />
        <JsonLd data={localBusinessJsonLd(rootData?.store ?? shippedStoreDetails)} />
        {breadcrumbs ? <JsonLd data={breadcrumbs} /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-white antialiased">
        <CartProvider>
          <CartDrawerProvider>
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
            >
              Skip to content
            </a>
            {isPartnerArea || isBareScreen ? null : <SiteHeader />}
            <InterruptedNavigationNotice />
            <main id="main" className="flex-1">
              {children}
            </main>
            {isPartnerArea || isBareScreen ? null : <SiteFooter />}
            <CartSlideOver />
          </CartDrawerProvider>
        </CartProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A code chunk that failed to download (usually a new deploy): reloading fixes it. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError/i.test(
    message,
  );
}

/**
 * What a shopper sees when a page fails. A 404 keeps its own page; an error answer from the
 * server shows its status ("500 Internal Server Error"), which says nothing about our code; any
 * other error is a bug, so the shopper gets a plain apology and the detail goes to the log: the
 * browser console here, and on the server React Router's error handler has already logged it.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const store = useStoreDetails();
  useEffect(() => {
    if (!isNotFound) console.error(error);
  }, [error, isNotFound]);
  if (isNotFound) {
    return (
      <>
        <title>{formatTitle(null, store.business_name)}</title>
        <NotFoundView />
      </>
    );
  }
  if (isChunkLoadError(error)) {
    return (
      <div className="container-page py-20 text-center">
        <title>{formatTitle(null, store.business_name)}</title>
        <h1 className="mb-3 text-3xl font-bold">This page needs a reload</h1>
        <p className="mb-6 text-stone-700">
          Part of the page could not be downloaded, often because the site was just updated.
        </p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || ""}`.trim()
    : `Something went wrong on our side. Please try again, or call us at ${store.phone}.`;
  return (
    <div className="container-page py-20 text-center">
      <title>{formatTitle(null, store.business_name)}</title>
      <h1 className="mb-3 text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mx-auto mb-8 max-w-xl text-stone-700">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <a href="/" className="btn-outline">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
