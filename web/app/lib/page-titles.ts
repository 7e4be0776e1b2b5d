/** Every route's page title, in one table. Titles render as "{Page} | {brand}". */
export const pageTitles = {
  home: "Quality Flooring Solutions in Alabama",
  products: "Products",
  productDetail: "Product Details",
  closeouts: "Closeout Deals",
  accessories: "Accessories",
  cart: "Shopping Cart",
  checkout: "Checkout",
  success: "Order Confirmation",
  tracking: "Order Tracking",
  account: "My Account",
  accountSignIn: "Sign In",
  accountConfirmEmail: "Confirm Your New Email",
  installation: "Installation Services",
  about: "About Us",
  contact: "Contact Us",
  gallery: "Our Gallery",
  partners: "Our Trusted Partners",
  roomVisualizer: "Room Visualizer",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  inquirySuccess: "Inquiry Received",
  blog: "Flooring Blog",
  areas: "Service Areas",
  birminghamAreas: "Birmingham Area Flooring Guides",
  aceProducts: "ACE Partner Products",
  aceProductDetail: "ACE Product Details",
  aceAccessories: "ACE Partner Accessories",
  aceAccount: "ACE Account",
  aceLogin: "ACE Partner Login",
  aceRegister: "ACE Partner Registration",
  aceForgotPassword: "Forgot Password",
  aceResetPassword: "Reset Password",
  admin: "Admin",
  adminResetPassword: "Reset Back-Office Password",
  payment: "Test Payment",
  sampleReorder: "Order From Your Samples",
  reviewWrite: "Review Your Floor",
  cartAdd: "Adding to Your Cart",
  bookMeasure: "Book a Measure Visit",
  measureVisit: "Your Measure Visit",
  showroom: "Visit Our Showroom",
} as const;

export type PageKey = keyof typeof pageTitles;

/** "{Page} | {store name}"; a null page gives the bare name (unknown routes). */
export function formatTitle(page: string | null, storeName: string): string {
  return page ? `${page} | ${storeName}` : storeName;
}
