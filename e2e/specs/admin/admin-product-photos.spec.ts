import sharp from "sharp";
import { expect, test } from "../../support/store-data.ts";
import { openProductEditor, signInToAdmin } from "./admin-helpers.ts";

/** A real JPEG photo as a camera writes it: 1800 × 1200, with EXIF. */
async function cameraJpeg(): Promise<Buffer> {
  const width = 1800;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = 120 + (x % 90);
      raw[i + 1] = 80 + ((x + y) % 60);
      raw[i + 2] = 40 + (y % 40);
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withMetadata({ exif: { IFD0: { Make: "E2E Camera" } } })
    .toBuffer();
}

test("staff upload a JPEG in the product editor and shoppers see it on the product page with srcset; a renamed text file is refused", async ({
  page,
  store,
}) => {
  const name = `Photo Oak ${store.tag}`;
  const product = await store.product({ name, stock_quantity: 20 });
  await signInToAdmin(page, "products");
  await openProductEditor(page, name);
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editor.getByText("No photos uploaded yet.")).toBeVisible();

  const chooser = editor.getByLabel("Choose images");
  await chooser.setInputFiles({
    name: "oak-living-room.jpg",
    mimeType: "image/jpeg",
    buffer: await cameraJpeg(),
  });
  const photos = editor.getByRole("list", { name: "Uploaded photos" });
  // Ten encodes (five widths, AVIF and WebP) take seconds on a busy two-core machine.
  await expect(photos.getByRole("listitem")).toHaveCount(1, { timeout: 60_000 });
  await expect(photos).toContainText("Photo 1 (card photo)");
  await expect(photos).toContainText("1600 × 1067");

  // A text file renamed .jpg: the server reads the bytes and says which file it refused.
  await chooser.setInputFiles({
    name: "notes.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("Meeting notes, not a photo at all.\n".repeat(10)),
  });
  await expect(editor.getByRole("alert")).toHaveText(
    '"notes.jpg" is not an image we can read. Please upload JPEG, PNG, WebP or AVIF files.',
  );
  await expect(photos.getByRole("listitem")).toHaveCount(1);
  await editor.getByRole("button", { name: "Close editor" }).click();

  // The shopper's product page: the photo in WebP and AVIF sizes, chosen by the browser.
  const shopper = await page.context().newPage();
  await shopper.goto(`/products/${product.id}`);
  const main = shopper.getByRole("img", { name: `${name}: product photo` });
  await expect(main).toBeVisible();
  const srcset = await main.getAttribute("srcset");
  expect(srcset).toMatch(/\/media\/products\/[0-9a-f]{32}-320\.webp 320w/);
  expect(srcset).toMatch(/-1600\.webp 1600w$/);
  expect(await main.getAttribute("sizes")).toBeTruthy();
  await expect(main).toHaveAttribute("width", "1600");
  await expect(main).toHaveAttribute("height", "1067");
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const chosen = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(chosen).toMatch(/\/media\/products\/[0-9a-f]{32}-\d+\.(avif|webp)$/);
  const served = await shopper.request.get(chosen);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  await shopper.close();
});
