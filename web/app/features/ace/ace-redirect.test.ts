import { describe, expect, it } from "vitest";
import { loginPathFor, safeAceRedirect } from "./ace-redirect.ts";

describe("safeAceRedirect", () => {
  it("keeps same-origin paths under /ace", () => {
    expect(safeAceRedirect("/ace/products/12")).toBe("/ace/products/12");
    expect(safeAceRedirect("/ace?type=tile&page=2")).toBe("/ace?type=tile&page=2");
    expect(safeAceRedirect("/ace/account")).toBe("/ace/account");
  });

  it("sends everything else to /ace: other sites, other paths, sign-in screens, nothing", () => {
    for (const value of [
      null,
      "",
      "https://evil.example/ace",
      "//evil.example/ace",
      "/ace//evil.example",
      "/\\evil.example",
      "/acetone",
      "/products",
      "/ace/login",
      "/ace/register?x=1",
      "javascript:alert(1)",
    ]) {
      expect(safeAceRedirect(value)).toBe("/ace");
    }
  });

  it("loginPathFor carries the page encoded", () => {
    expect(loginPathFor("/ace/products/3?x=1")).toBe(
      "/ace/login?redirect=%2Face%2Fproducts%2F3%3Fx%3D1",
    );
  });
});
