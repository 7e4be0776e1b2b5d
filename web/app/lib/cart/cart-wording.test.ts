import { describe, expect, it } from "vitest";
import { cartItemsLabel, sampleLineLabel } from "./cart-wording.ts";

describe("cart wording", () => {
  it("names boxes and samples apart", () => {
    expect(cartItemsLabel(3, 0)).toBe("3 boxes");
    expect(cartItemsLabel(0, 1)).toBe("1 sample");
    expect(cartItemsLabel(1, 2)).toBe("1 box, 2 samples");
  });

  it("says how many samples of a line are free", () => {
    expect(sampleLineLabel(1, 1)).toBe("1 sample · free");
    expect(sampleLineLabel(3, 2)).toBe("3 samples · 2 free");
    expect(sampleLineLabel(2, 0)).toBe("2 samples");
  });
});
