import { signInShopper } from "../../support/account.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

test("a guest's heart on a product card leads to sign in; a signed-in shopper saves the floor from the card with the keyboard, and the page's heart and the account agree", async ({
  page,
  request,
  store,
}) => {
  const name = `Heart Oak ${store.tag}`;
  const product = await store.product({ name, sqft_per_carton: 20 });
  const listPath = `/products?q=${encodeURIComponent(name)}`;
  const card = page.getByRole("article", { name });

  // A guest's heart is a link to sign in, named for its floor.
  await openPage(page, listPath);
  await card.getByRole("link", { name: `Sign in to save ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Sign in or create an account" })).toBeVisible();

  const email = `heart.${store.tag.toLowerCase()}@example.com`;
  await signInShopper(page, request, email);

  // Signed in, the card's heart is a toggle: focused and pressed with the keyboard.
  await openPage(page, listPath);
  const heart = card.getByRole("button", { name: `Save ${name} to my floors` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.focus();
  await page.keyboard.press("Enter");
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  // The product page's heart shows it saved, and the account lists it.
  await openPage(page, `/products/${product.id}`);
  await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
  await openPage(page, "/account");
  const savedFloors = page.getByRole("region", { name: "Saved floors" });
  await expect(savedFloors.getByRole("link", { name })).toBeVisible();

  // Pressed again (with Space) on the card, the floor leaves the saved list.
  await openPage(page, listPath);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.focus();
  await page.keyboard.press("Space");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await openPage(page, "/account");
  await expect(savedFloors.getByRole("link", { name })).toHaveCount(0);
});

test("the closeout cards and the product page's 'You may also like' strip carry the same heart", async ({
  page,
  request,
  store,
}) => {
  const closeouts = page.getByRole("main").getByRole("article");
  const saveHeart = /^Save (.+) to my floors$/;

  // A guest's closeout heart leads to sign in.
  await openPage(page, "/closeouts");
  await expect(closeouts.first().getByRole("link", { name: /^Sign in to save / })).toBeVisible();

  await signInShopper(page, request, `strip.${store.tag.toLowerCase()}@example.com`);

  // Signed in: a closeout saved from its card is in the account's saved floors.
  await openPage(page, "/closeouts");
  const closeoutHeart = closeouts.first().getByRole("button", { name: saveHeart });
  const closeoutName = saveHeart.exec((await closeoutHeart.getAttribute("aria-label")) ?? "")?.[1];
  expect(closeoutName).toBeTruthy();
  await closeoutHeart.click();
  await expect(closeoutHeart).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: "/tmp/closeout-heart-1280.png" });

  // The strip under a product page saves its floors the same way.
  const product = await store.product({ name: `Strip Oak ${store.tag}` });
  await openPage(page, `/products/${product.id}`);
  const strip = page.getByRole("region", { name: "You may also like" });
  const stripHeart = strip.getByRole("button", { name: saveHeart }).first();
  const stripName = saveHeart.exec((await stripHeart.getAttribute("aria-label")) ?? "")?.[1];
  await stripHeart.click();
  await expect(stripHeart).toHaveAttribute("aria-pressed", "true");
  await strip.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/strip-heart-1280.png" });

  await openPage(page, "/account");
  const savedFloors = page.getByRole("region", { name: "Saved floors" });
  await expect(savedFloors.getByRole("link", { name: closeoutName, exact: true })).toBeVisible();
  await expect(savedFloors.getByRole("link", { name: stripName, exact: true })).toBeVisible();
});
