import { business } from "@mcf/contracts/business";
import { Link } from "react-router";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/room-visualizer";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitles.roomVisualizer,
    "See our floors in a photo of your own room with the online room visualizer.",
  );

export default function RoomVisualizer() {
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
          <p className="text-sm text-stone-700">
            Visualizer not loading?{" "}
            <a
              href={business.roomVisualizerUrl}
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
            <a href={business.phoneHref} className="font-semibold text-oak-700 underline">
              {business.phone}
            </a>{" "}
            for samples.
          </p>
        </div>
      </div>
      <iframe
        src={business.roomVisualizerUrl}
        title="Room visualizer"
        className="w-full flex-1 border-0 bg-stone-100"
        style={{ minHeight: "75vh" }}
        allow="camera; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      />
    </div>
  );
}
