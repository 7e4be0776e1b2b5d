import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "../root.tsx";
import Blog from "./blog.tsx";
import Gallery from "./gallery.tsx";

/** Renders a route component as the server would, inside a router. */
function render(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, element));
}

type BoundaryProps = Parameters<typeof ErrorBoundary>[0];
const boundary = (error: unknown) =>
  render(createElement(ErrorBoundary, { error, params: {} } as unknown as BoundaryProps));

describe("empty and error states", () => {
  it("the blog index says so when there are no posts", () => {
    const html = render(
      createElement(Blog, {
        loaderData: { posts: [], areas: [] },
      } as unknown as Parameters<typeof Blog>[0]),
    );
    expect(html).toContain("No blog posts available yet. Check back soon!");
    expect(html).toContain("Explore All Birmingham Areas");
  });

  it("the gallery says so when it has no images", () => {
    const html = render(
      createElement(Gallery, {
        loaderData: { images: [] },
      } as unknown as Parameters<typeof Gallery>[0]),
    );
    expect(html).toContain("Our gallery is empty right now.");
    expect(html).not.toContain("Open ");
  });

  it('a route error shows "Unexpected Application Error!" with a plain apology, never the error\'s own text', () => {
    const html = boundary(new Error("Cannot read the flooring catalogue"));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Something went wrong on our side. Please try again, or call us at");
    expect(html).not.toContain("Cannot read the flooring catalogue");
  });

  it("an error answer from the server shows its status", () => {
    const html = boundary(
      new ErrorResponseImpl(503, "Service Unavailable", "the database is down"),
    );
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("503 Service Unavailable");
    expect(html).not.toContain("the database is down");
  });

  it("a code chunk that failed to download asks for a reload instead of a blank page", () => {
    const html = boundary(
      new TypeError("Failed to fetch dynamically imported module: /assets/about-x1y2.js"),
    );
    expect(html).toContain("This page needs a reload");
    expect(html).toContain("Reload the page");
    expect(html).not.toContain("Unexpected Application Error!");
  });
});
