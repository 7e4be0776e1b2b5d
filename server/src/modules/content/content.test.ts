import type { AreaCatalogue, AreaGuide, BlogPost, BlogPostList } from "@mcf/contracts/content";
import { serviceAreas } from "@mcf/contracts/service-areas";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app.ts";

describe("content API", () => {
  const t = useTestApp();

  it("GET /api/content/posts lists posts newest first, with dates kept as YYYY-MM-DD strings", async () => {
    const res = await t.app.inject({ url: "/api/content/posts" });
    expect(res.statusCode).toBe(200);
    const { posts } = res.json<BlogPostList>();
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const post of posts) {
      expect(post.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post).not.toHaveProperty("html");
    }
    const dates = posts.map((p) => p.datePublished);
    expect([...dates].sort().reverse()).toEqual(dates);
    const slugs = posts.map((p) => p.slug);
    expect(slugs).toContain("birmingham-area-flooring-guides");
    expect(slugs).toContain("downtown-birmingham-loft-flooring");
  });

  it("GET /api/content/posts/{slug} renders the Markdown body to HTML", async () => {
    const res = await t.app.inject({ url: "/api/content/posts/lvp-vs-hardwood-alabama-humidity" });
    expect(res.statusCode).toBe(200);
    const post = res.json<BlogPost>();
    expect(post.title).toBe("LVP or Hardwood? Choosing Floors for Alabama Humidity");
    expect(post.datePublished).toBe("2025-09-14");
    expect(post.author).toBe("Magic City Floors Team");
    expect(post.html).toContain("<h2");
    expect(post.html).toContain("<strong>luxury vinyl plank (LVP)</strong>");
    expect(post.html).not.toContain("datePublished");
  });

  it("GET /api/content/posts/{slug} answers 404 for an unknown slug", async () => {
    const res = await t.app.inject({ url: "/api/content/posts/no-such-post" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Blog post not found" });
  });

  it("GET /api/content/areas/birmingham lists every catalogue area in its category, in order", async () => {
    const res = await t.app.inject({ url: "/api/content/areas/birmingham" });
    expect(res.statusCode).toBe(200);
    const catalogue = res.json<AreaCatalogue>();
    expect(catalogue.city).toEqual({ name: "Birmingham", slug: "birmingham" });
    expect(catalogue.categories.map((c) => c.name)).toEqual([
      "Core Birmingham (City-Center & Neighborhoods)",
      "Close-In Suburbs",
      "Western & Industrial Corridors",
      "Northern & Eastern Suburbs",
    ]);
    const areas = catalogue.categories.flatMap((c) => c.areas);
    expect(areas.map((a) => a.slug)).toEqual(serviceAreas.map((a) => a.slug));
    expect(areas).toHaveLength(23);
    const downtown = areas[0];
    expect(downtown).toMatchObject({
      name: "Downtown Birmingham",
      slug: "downtown-birmingham-flooring",
      title: "Flooring in Downtown Birmingham, AL",
      imageUrl: "/img/blog/areas/birmingham/downtown-birmingham-flooring.png",
    });
    for (const area of areas) expect(area.slug).toMatch(/-flooring$/);
  });

  it("every area guide has its own title and its own text", async () => {
    const guides: Array<{ slug: string; phrases: Set<string> }> = [];
    for (const area of serviceAreas) {
      const res = await t.app.inject({ url: `/api/content/areas/birmingham/${area.slug}` });
      expect(res.statusCode, area.slug).toBe(200);
      const guide = res.json<AreaGuide>();
      expect(guide.title).toBe(`Flooring in ${area.name}, AL`);
      expect(guide.html.length).toBeGreaterThan(1500);
      expect(guide.html).toContain(area.name);
      guides.push({ slug: area.slug, phrases: fiveWordPhrases(guide.html) });
    }
    // Pairwise, with every area name replaced by one placeholder: a copy with the name swapped
    // would share nearly all its five-word phrases; real guides share only stock phrases.
    for (let i = 0; i < guides.length; i++) {
      for (let j = i + 1; j < guides.length; j++) {
        const a = guides[i] as (typeof guides)[number];
        const b = guides[j] as (typeof guides)[number];
        const shared = [...a.phrases].filter((phrase) => b.phrases.has(phrase)).length;
        const overlap = shared / Math.min(a.phrases.size, b.phrases.size);
        expect(overlap, `${a.slug} vs ${b.slug}`).toBeLessThan(0.15);
      }
    }
  });

  it("answers 404 for an unknown area slug and for an unknown city", async () => {
    const unknownArea = await t.app.inject({
      url: "/api/content/areas/birmingham/nowhere-flooring",
    });
    expect(unknownArea.statusCode).toBe(404);
    const unknownCity = await t.app.inject({ url: "/api/content/areas/atlanta" });
    expect(unknownCity.statusCode).toBe(404);
  });

  it("GET /api/content/gallery and /api/content/partners list the built-in entries", async () => {
    const gallery = await t.app.inject({ url: "/api/content/gallery" });
    expect(gallery.json().images).toHaveLength(3);
    const partners = await t.app.inject({ url: "/api/content/partners" });
    const list = partners.json().partners as Array<{ name: string; logo: string | null }>;
    expect(list).toHaveLength(7);
    for (const partner of list) expect(partner.logo).toMatch(/^\/img\/partners\/.+\.svg$/);
  });
});

/** The text's five-word phrases, lowercased, tags stripped, every area name made the same. */
function fiveWordPhrases(html: string): Set<string> {
  let text = html.replace(/<[^>]+>/g, " ");
  for (const area of serviceAreas) text = text.replaceAll(area.name, "AREA");
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const phrases = new Set<string>();
  for (let i = 0; i + 5 <= words.length; i++) phrases.add(words.slice(i, i + 5).join(" "));
  return phrases;
}
