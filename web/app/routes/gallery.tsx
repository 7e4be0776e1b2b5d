import type { GalleryImage } from "@mcf/contracts/content";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { JsonLd } from "../components/json-ld.tsx";
import { GalleryLightbox } from "../features/content/gallery-lightbox.tsx";
import { GalleryPicture } from "../features/content/gallery-picture.tsx";
import { PageHero } from "../features/content/page-hero.tsx";
import { api } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/gallery";

export async function loader({ context }: Route.LoaderArgs) {
  return api<{ images: GalleryImage[] }>("/api/content/gallery", { fetch: context.apiFetch });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.gallery,
    (store) =>
      `Rooms finished with floors from ${store.business_name}: hardwood living rooms, porcelain tile kitchens and waterproof LVP basements.`,
  );

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const store = useStoreDetails();
  const { images } = loaderData;
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Focus goes back to the thumbnail that opened the lightbox, whichever photo it ends on.
  const lastOpened = useRef<number>(0);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);

  const open = (index: number) => {
    lastOpened.current = index;
    setOpenIndex(index);
  };
  const close = () => {
    setOpenIndex(null);
    thumbs.current[lastOpened.current]?.focus();
  };

  return (
    <>
      <PageHero eyebrow="Finished rooms" title="Our Gallery">
        <p>
          Illustrated rooms finished with the kinds of floors we supply and install. Select a
          picture to see it larger.
        </p>
      </PageHero>
      <section className="container-page py-12">
        {images.length === 0 ? (
          <p className="rounded-xl bg-stone-50 p-8 text-center text-stone-700">
            Our gallery is empty right now. Check back soon.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {images.map((image, index) => (
              <li key={image.src}>
                <button
                  ref={(element) => {
                    thumbs.current[index] = element;
                  }}
                  type="button"
                  onClick={() => open(index)}
                  aria-label={`Open ${image.title}`}
                  className="group block w-full overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-stone-200 hover:ring-oak-500"
                >
                  <GalleryPicture
                    src={image.src}
                    alt={image.title}
                    width={image.width}
                    height={image.height}
                    className="aspect-[3/2] w-full object-cover transition group-hover:scale-[1.02]"
                  />
                  <span className="block p-4">
                    <span className="mb-1 block font-display text-lg font-bold text-navy-800">
                      {image.title}
                    </span>
                    <span className="block text-sm text-stone-600">{image.description}</span>
                  </span>
                </button>
                {/* Like every other image on the site, each carries its image structured data. */}
                <JsonLd
                  data={{
                    "@context": "https://schema.org",
                    "@type": "ImageObject",
                    src: image.src,
                    contentUrl: image.src,
                    alt: image.title,
                    title: image.title,
                    description: image.description,
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-12 flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-cream p-8">
          <p className="text-lg text-stone-800">Picture your own room with one of these floors.</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/installation" className="btn-primary">
              Request a quote
            </Link>
            {store.room_visualizer_url ? (
              <Link to="/room-visualizer" className="btn-outline">
                Try the Room Visualizer
              </Link>
            ) : null}
          </div>
        </div>
      </section>
      <GalleryLightbox
        images={images}
        index={openIndex}
        onNavigate={setOpenIndex}
        onClose={close}
      />
    </>
  );
}
