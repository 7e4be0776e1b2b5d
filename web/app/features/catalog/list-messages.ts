/** Shown by the product list and the closeouts page when the catalogue cannot be loaded. */
export const productListErrorMessage = "Failed to load products. Please try again later.";
