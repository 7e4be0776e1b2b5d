// Shopper account messages and limits without zod, for browser code (as partners-options.ts are).

/** What POST /api/account/sign-in-link answers for every well-formed email, known or not. */
export const signInLinkReplyMessage =
  "Check your email: if the address is right, a sign-in link is on its way. It works once and expires in 20 minutes.";
export const signInLinkLifetimeMinutes = 20;
/** Sign-in emails one address receives per hour; more requests are answered alike, nothing sent. */
export const signInLinksPerEmailPerHour = 3;
/** Sign-in link requests one network may make per window (then 429). */
export const signInLinkRateLimit = { max: 10, windowMinutes: 15 } as const;
export const invalidSignInLinkMessage =
  "This sign-in link has expired or was already used. Please ask for a new one.";
export const shopperSignInRequiredMessage = "Please sign in to your account.";
export const shopperInvalidCredentialsMessage = "Invalid email or password.";
/** Days a shopper stays signed in on one browser. */
export const shopperSessionDays = 30;
/** The non-secret cookie the web app reads to know a session may exist (the session is HttpOnly). */
export const shopperHintCookieName = "mcf_signed_in";
export const shopperCookieName = "mcf_shopper_session";
export const orderNotInAccountMessage = "We could not find that order in your account.";
export const addressNotFoundMessage = "We could not find that address in your account.";
export const projectNotFoundMessage = "We could not find that project in your account.";
export const productNotFoundForSaveMessage = "We could not find that floor.";
export const maxSavedAddresses = 10;
export const maxProjects = 50;
export const maxRoomsPerProject = 30;
