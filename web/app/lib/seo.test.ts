import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, breadcrumbLabel } from "./seo.ts";

describe("breadcrumb structured data", () => {
  it("turns dashes into spaces and capitalises the first letter only", () => {
    expect(breadcrumbLabel("five-points-south-flooring")).toBe("Five points south flooring");
    expect(breadcrumbLabel("privacy-policy")).toBe("Privacy policy");
    expect(breadcrumbLabel("blog")).toBe("Blog");
  });

  it('shows "ace" as "ACE"', () => {
    expect(breadcrumbLabel("ace")).toBe("ACE");
    expect(breadcrumbLabel("ACE")).toBe("ACE");
  });

  it("decodes the segment, and survives one that is not valid percent-encoding", () => {
    expect(breadcrumbLabel("gift%20card")).toBe("Gift card");
    expect(breadcrumbLabel("100%-wool")).toBe("100% wool");
  });

  it("is omitted on home", () => {
    expect(breadcrumbJsonLd("/", "https://floors.example")).toBeNull();
  });

  it("lists Home then each segment with its own URL", () => {
    expect(breadcrumbJsonLd("/ace/products/12", "https://floors.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://floors.example/" },
        { "@type": "ListItem", position: 2, name: "ACE", item: "https://floors.example/ace" },
        {
          "@type": "ListItem",
          position: 3,
          name: "Products",
          item: "https://floors.example/ace/products",
        },
        {
          "@type": "ListItem",
          position: 4,
          name: "12",
          item: "https://floors.example/ace/products/12",
        },
      ],
    });
  });
});
