import type { BlogPost } from "@mcf/contracts/content";
import { Link } from "react-router";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { FloorImage } from "../components/floor-image.tsx";
import { JsonLd } from "../components/json-ld.tsx";
import { loadOrRedirectToBlog } from "../features/content/content-api.server.ts";
import { formatLongDate } from "../features/content/content-dates.ts";
import { RichText } from "../features/content/rich-text.tsx";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await loadOrRedirectToBlog<BlogPost>(
    `/api/content/posts/${encodeURIComponent(params.slug)}`,
    context.apiFetch,
  );
  return { post, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? [
        ...pageMeta(matches, loaderData.post.title, loaderData.post.description).filter(
          (tag) => !("property" in tag && tag.property === "og:type"),
        ),
        { property: "og:type", content: "article" },
        { property: "og:image", content: `${loaderData.publicUrl}${loaderData.post.imageUrl}` },
      ]
    : pageMeta(matches, null);

/** The article for search engines; the store's saved name is its publisher. */
function articleJsonLd(post: BlogPost, publicUrl: string, storeName: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.description,
    image: [`${publicUrl}${post.imageUrl}`],
    datePublished: post.datePublished,
    dateModified: post.dateModified,
    author: { "@type": "Organization", name: post.author ?? storeName },
    publisher: { "@type": "Organization", name: storeName },
    mainEntityOfPage: `${publicUrl}/blog/${post.slug}`,
  };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, publicUrl } = loaderData;
  const store = useStoreDetails();
  return (
    <article className="pb-4">
      <JsonLd data={articleJsonLd(post, publicUrl, store.business_name)} />
      <header className="bg-cream">
        <div className="container-page max-w-4xl py-10">
          <Breadcrumbs
            className="mb-4"
            trail={[{ label: "Blog", to: "/blog" }, { label: post.title }]}
          />
          <h1 className="mb-4 text-3xl leading-tight font-bold sm:text-5xl">{post.title}</h1>
          <p className="mb-4 text-lg text-stone-700">{post.description}</p>
          <p className="text-sm text-stone-600">
            {post.author ? `${post.author} · ` : null}
            <time dateTime={post.datePublished}>{formatLongDate(post.datePublished)}</time>
          </p>
        </div>
      </header>
      <div className="container-page max-w-4xl">
        <FloorImage
          src={post.imageUrl}
          alt={post.imageAlt}
          width={1200}
          height={675}
          loading="eager"
          fetchPriority="high"
          className="-mt-2 mb-8 aspect-video w-full rounded-xl object-cover shadow-sm"
        />
        <RichText html={post.html} className="text-lg" />
        <aside className="mt-10 rounded-xl bg-navy-800 p-6 text-white sm:p-8">
          <h2 className="mb-2 text-2xl font-bold text-white">Planning a flooring project?</h2>
          <p className="mb-5 text-navy-50">
            Browse floors priced by the box, or ask our Birmingham crews for a free installation
            quote.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/products" className="btn-primary">
              Explore Our Products
            </Link>
            <Link
              to="/installation"
              className="btn border border-white/70 text-white hover:bg-white/10"
            >
              Installation Services
            </Link>
          </div>
        </aside>
        <p className="mt-8">
          <Link to="/blog" className="font-semibold text-oak-700 hover:underline">
            ← Back to the blog
          </Link>
        </p>
      </div>
    </article>
  );
}
