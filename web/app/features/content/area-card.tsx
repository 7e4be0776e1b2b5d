import type { AreaGuideSummary } from "@mcf/contracts/content";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";

/** One area guide as a card: picture, name and "Flooring services in {area}". */
export function AreaCard({ area, citySlug }: { area: AreaGuideSummary; citySlug: string }) {
  return (
    <Link
      to={`/blog/areas/${citySlug}/${area.slug}`}
      className="group flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-oak-500"
    >
      <FloorImage
        src={area.imageUrl}
        alt={area.imageAlt}
        width={600}
        height={338}
        className="aspect-video w-full object-cover"
      />
      <span className="flex flex-1 flex-col p-4">
        <span className="font-display text-lg font-bold text-navy-800 group-hover:text-oak-700">
          {area.name}
        </span>
        <span className="text-sm text-stone-600">Flooring services in {area.name}</span>
      </span>
    </Link>
  );
}
