/** Shown by the product list and the closeouts page when the catalogue cannot be loaded. */
export const productListErrorMessage = "Failed to load products. Please try again later.";

/** Shown by the public and the partner product pages when the product cannot be loaded. */
export const productDetailErrorMessage = "Failed to load product details. Please try again later.";
