import { Link } from "react-router";
import { PhoneIcon } from "../components/icons.tsx";
import { useVisualizerReachability } from "../features/content/visualizer-reachability.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/room-visualizer";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.roomVisualizer,
    "See our floors in a photo of your own room with the online room visualizer.",
  );

export default function RoomVisualizer() {
  const store = useStoreDetails();
  if (!store.room_visualizer_url) return <VisualizerNotSet />;
  return <VisualizerFrame url={store.room_visualizer_url} />;
}

/** No visualizer address in the settings: the footer and gallery hide the link; this says so. */
function VisualizerNotSet() {
  const store = useStoreDetails();
  return (
    <section className="container-page py-16">
      <div className="mx-auto max-w-2xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200 sm:p-10">
        <h1 className="mb-3 text-2xl font-bold sm:text-3xl">Room Visualizer</h1>
        <p className="mb-6 text-stone-700">
          Our online room visualizer is not available right now. Browse finished rooms in the
          gallery, or call{" "}
          <a href={store.phone_href} className="font-semibold text-oak-700 underline">
            {store.phone}
          </a>{" "}
          for samples to try at home.
        </p>
        <Link to="/gallery" className="btn-primary px-5 py-2.5">
          Browse the gallery
        </Link>
      </div>
    </section>
  );
}

function VisualizerFrame({ url }: { url: string }) {
  const store = useStoreDetails();
  const { status, retry } = useVisualizerReachability(url);
  return (
    <div className="flex min-h-[calc(100vh-4rem)] flex-col">
      <div className="border-b border-stone-200 bg-cream">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-4">
          <div>
            <h1 className="text-2xl font-bold">Room Visualizer</h1>
            <p className="text-sm text-stone-700">
              Upload a photo of your room and try our floors in it.
            </p>
          </div>
          {status === "unreachable" ? null : (
            <p className="text-sm text-stone-700">
              Visualizer not loading?{" "}
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-oak-700 underline"
              >
                Open it in a new tab
              </a>
              , browse the{" "}
              <Link to="/gallery" className="font-semibold text-oak-700 underline">
                gallery
              </Link>{" "}
              or call{" "}
              <a href={store.phone_href} className="font-semibold text-oak-700 underline">
                {store.phone}
              </a>{" "}
              for samples.
            </p>
          )}
        </div>
      </div>
      {status === "unreachable" ? (
        <VisualizerUnavailable onRetry={retry} url={url} />
      ) : (
        <iframe
          src={url}
          title="Room visualizer"
          className="w-full flex-1 border-0 bg-stone-100"
          style={{ minHeight: "75vh" }}
          allow="camera; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        />
      )}
    </div>
  );
}

/** Shown in place of the frame when the visualizer's address does not answer. */
function VisualizerUnavailable({ onRetry, url }: { onRetry: () => void; url: string }) {
  const store = useStoreDetails();
  return (
    <section
      role="alert"
      aria-labelledby="visualizer-unavailable"
      className="flex flex-1 items-center py-12"
    >
      <div className="container-page">
        <div className="mx-auto max-w-2xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200 sm:p-10">
          <h2 id="visualizer-unavailable" className="mb-3 text-2xl font-bold sm:text-3xl">
            The room visualizer can't be reached right now
          </h2>
          <p className="mb-6 text-stone-700">
            The visualizer is run by our flooring-software partner and did not answer. You can try
            again, open it in its own tab, or see our floors another way.
          </p>
          <div className="mb-8 flex flex-wrap justify-center gap-3">
            <button type="button" className="btn-primary px-5 py-2.5" onClick={onRetry}>
              Try again
            </button>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-outline px-5 py-2.5"
            >
              Open it in a new tab
            </a>
          </div>
          <ul className="grid gap-3 text-left sm:grid-cols-3">
            <li className="rounded-xl bg-cream p-4">
              <Link to="/gallery" className="font-semibold text-oak-700 underline">
                Browse the gallery
              </Link>
              <p className="mt-1 text-sm text-stone-700">Finished rooms with our floors.</p>
            </li>
            <li className="rounded-xl bg-cream p-4">
              <Link to="/products" className="font-semibold text-oak-700 underline">
                Browse products
              </Link>
              <p className="mt-1 text-sm text-stone-700">Each floor shown in a room photo.</p>
            </li>
            <li className="rounded-xl bg-cream p-4">
              <a
                href={store.phone_href}
                className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-oak-700 underline"
              >
                <PhoneIcon className="h-4 w-4" />
                {store.phone}
              </a>
              <p className="mt-1 text-sm text-stone-700">Call for samples to try at home.</p>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
