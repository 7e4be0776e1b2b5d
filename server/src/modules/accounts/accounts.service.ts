// The accounts module's public entry: shopper accounts (sign-in links, the optional password,
// sessions, an email change by a link to the new address), and what an account keeps (addresses,
// projects, saved floors). Orders are read through the orders module by the account's verified
// email; partner (ACE) accounts are apart.
export {
  addAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from "./shopper-addresses.ts";
export { confirmEmailChange, requestEmailChange } from "./shopper-email-change.ts";
export {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  listSavedProducts,
  saveProduct,
  unsaveProduct,
  updateProject,
} from "./shopper-projects.ts";
export { reorderPlan } from "./shopper-reorder.ts";
export {
  requestSignInLink,
  requireShopper,
  revokeShopperSession,
  type ShopperAccountRow,
  saveEmailPreferences,
  setShopperPassword,
  shopperSessionLifetimeMs,
  signInWithLink,
  signInWithPassword,
  toShopperAccount,
} from "./shopper-sign-in.ts";
