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

/** What POST /api/account/email-change answers once the link is sent, taken address or not. */
export const emailChangeSentMessage = `We sent a confirmation link to the new address. Your email changes only when you open it and confirm; it works once and expires in ${signInLinkLifetimeMinutes} minutes.`;
/** Email change links one account may ask for per hour (then 429). */
export const emailChangesPerAccountPerHour = 3;
/** Email change requests one network may make per window (then 429). */
export const emailChangeRateLimit = { max: 10, windowMinutes: 15 } as const;
export const emailChangeLimitMessage =
  "You asked to change your email several times this hour. Please use a link already sent, or try again in an hour.";
export const sameEmailMessage = "That is already your account's email.";
export const emailTakenMessage =
  "Another account already uses that email, so your email was not changed. Sign in with that address to use its account.";
export const invalidEmailChangeLinkMessage =
  "This email change link has expired, was already used or was asked from another account. Please ask for a new one in My account.";
/**
 * Orders, installation jobs and ordered samples are found by the account's current email, so a
 * change moves them: said on the form and on the confirmation page.
 */
export const emailChangeOrdersNotice =
  "Orders are found by your account's email: once it changes, orders placed with the old address leave this account (Track order still finds them with the order number and that address), and orders placed with the new address join it.";
