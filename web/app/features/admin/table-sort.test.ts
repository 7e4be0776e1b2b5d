import { describe, expect, it } from "vitest";
import { nextSort } from "./table-sort.ts";

describe("nextSort", () => {
  it("sorts a newly clicked column ascending", () => {
    expect(nextSort(null, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort({ key: "name", direction: "desc" }, "stock")).toEqual({
      key: "stock",
      direction: "asc",
    });
  });

  it("flips the direction when the same column is clicked again", () => {
    const once = nextSort(null, "name");
    const twice = nextSort(once, "name");
    expect(twice).toEqual({ key: "name", direction: "desc" });
    expect(nextSort(twice, "name")).toEqual({ key: "name", direction: "asc" });
  });
});
