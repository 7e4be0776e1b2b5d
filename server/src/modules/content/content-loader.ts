import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type AreaGuide,
  type BlogPost,
  type GalleryImage,
  galleryImageSchema,
  isoDateSchema,
  type Partner,
  partnerSchema,
} from "@mcf/contracts/content";
import { serviceAreas, serviceCity } from "@mcf/contracts/service-areas";
import matter from "gray-matter";
import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/** Everything the content pages show, parsed once at start. */
export interface SiteContent {
  /** Newest first. */
  posts: BlogPost[];
  /** Areas of the service-area catalogue that have a guide, keyed by slug. */
  areaGuides: Map<string, AreaGuide>;
  gallery: GalleryImage[];
  partners: Partner[];
}

/**
 * The repository's `content/` folder, found by walking up from this file: works from the
 * source (tsx, vitest) and from the bundle in server/dist.
 */
export function findContentDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "content", "blog")) && dirname(dir) !== dir) dir = dirname(dir);
  const contentDir = join(dir, "content");
  if (!existsSync(contentDir)) throw new Error("The content/ folder was not found");
  return contentDir;
}

// YAML 1.2 core schema: `2025-09-14` stays the string it is, never a Date.
const yamlEngine = { parse: (text: string) => parseYaml(text) as object };

const postFrontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  description: z.string().min(1),
  imageUrl: z.string().startsWith("/"),
  imageAlt: z.string().min(1),
  datePublished: isoDateSchema,
  dateModified: isoDateSchema.optional(),
  author: z.string().min(1).optional(),
});

const areaFrontMatterSchema = z.object({
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9-]+-flooring$/),
  title: z.string().min(1),
  description: z.string().min(1),
  category: z.string().min(1),
  imageUrl: z.string().startsWith("/").optional(),
  imageAlt: z.string().min(1),
  dateModified: isoDateSchema,
});

/** Markdown to HTML. The files are ours (reviewed in the repository), so raw HTML is allowed. */
const markdown = new Marked({ gfm: true, async: false });

function renderMarkdown(body: string): string {
  return markdown.parse(body, { async: false });
}

function readMarkdownFiles(dir: string): Array<{ file: string; data: unknown; body: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      const parsed = matter(readFileSync(file, "utf8"), { engines: { yaml: yamlEngine } });
      return { file, data: parsed.data, body: parsed.content };
    });
}

function parseOrThrow<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Bad front matter in ${file}: ${problems.join("; ")}`);
  }
  return result.data;
}

/** The default picture of an area guide. */
export function defaultAreaImageUrl(citySlug: string, slug: string): string {
  return `/img/blog/areas/${citySlug}/${slug}.png`;
}

/**
 * Reads and renders every post, area guide, gallery image and partner under `contentDir`.
 * Throws with the file name when a file is malformed, so a bad edit stops the server at start.
 */
export function loadSiteContent(contentDir: string): SiteContent {
  const posts = readMarkdownFiles(join(contentDir, "blog"))
    .map(({ file, data, body }) => {
      const front = parseOrThrow(postFrontMatterSchema, data, file);
      return {
        slug: front.slug,
        title: front.title,
        description: front.description,
        imageUrl: front.imageUrl,
        imageAlt: front.imageAlt,
        datePublished: front.datePublished,
        dateModified: front.dateModified ?? front.datePublished,
        author: front.author ?? null,
        html: renderMarkdown(body),
      } satisfies BlogPost;
    })
    .sort((a, b) => b.datePublished.localeCompare(a.datePublished) || a.slug.localeCompare(b.slug));

  const catalogue = new Map(serviceAreas.map((area) => [area.slug, area]));
  const areaGuides = new Map<string, AreaGuide>();
  for (const { file, data, body } of readMarkdownFiles(
    join(contentDir, "areas", serviceCity.slug),
  )) {
    const front = parseOrThrow(areaFrontMatterSchema, data, file);
    const area = catalogue.get(front.slug);
    // A guide whose area is not in the catalogue is not published: the catalogue is the list.
    if (!area) continue;
    areaGuides.set(area.slug, {
      name: area.name,
      slug: area.slug,
      title: area.title,
      description: front.description,
      imageUrl: front.imageUrl ?? defaultAreaImageUrl(serviceCity.slug, area.slug),
      imageAlt: front.imageAlt,
      category: area.category,
      dateModified: front.dateModified,
      city: { name: serviceCity.name, slug: serviceCity.slug },
      html: renderMarkdown(body),
    });
  }

  const galleryPath = join(contentDir, "gallery.json");
  const gallery = existsSync(galleryPath)
    ? parseOrThrow(
        z.array(galleryImageSchema),
        JSON.parse(readFileSync(galleryPath, "utf8")),
        galleryPath,
      )
    : [];
  return { posts, areaGuides, gallery, partners: loadPartners(contentDir) };
}

/** content/partners.json: the partners the store shipped with (the settings' default list). */
export function loadPartners(contentDir: string): Partner[] {
  const partnersPath = join(contentDir, "partners.json");
  return existsSync(partnersPath)
    ? parseOrThrow(
        z.array(partnerSchema.extend({ logo: z.string().nullish().default(null) })),
        JSON.parse(readFileSync(partnersPath, "utf8")),
        partnersPath,
      )
    : [];
}
