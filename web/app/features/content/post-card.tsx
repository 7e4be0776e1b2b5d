import type { BlogPostSummary } from "@mcf/contracts/content";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { formatLongDate } from "./content-dates.ts";

/** A post in the latest-posts grid: image, title, date, description and "Read More". */
export function PostCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      <FloorImage
        src={post.imageUrl}
        alt={post.imageAlt}
        width={800}
        height={450}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="mb-2 text-xl leading-snug font-bold">
          <Link to={`/blog/${post.slug}`} className="hover:text-oak-700">
            {post.title}
          </Link>
        </h3>
        <p className="mb-3 text-sm text-stone-500">
          <time dateTime={post.datePublished}>{formatLongDate(post.datePublished)}</time>
        </p>
        <p className="mb-4 flex-1 text-stone-700">{post.description}</p>
        <Link
          to={`/blog/${post.slug}`}
          className="font-semibold text-oak-700 hover:underline"
          aria-label={`Read More: ${post.title}`}
        >
          Read More →
        </Link>
      </div>
    </article>
  );
}
