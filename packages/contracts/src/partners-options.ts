// Partner messages and limits without zod, for browser code (as orders-options.ts are).

/** The one minimum password length, shared by register and reset. */
export const minPasswordLength = 8;
export const passwordTooShortMessage = "Password must be at least 8 characters long";
export const commonPasswordMessage =
  "This password is too common. Please choose a less predictable one.";
export const invalidCredentialsMessage = "Invalid email or password.";
export const duplicatePartnerEmailMessage = "An account with this email already exists";
export const invalidResetTokenMessage =
  "Invalid or expired token. Please request a new password reset.";
export const awaitingApprovalMessage =
  "Your account is awaiting approval. Partner prices will appear here as soon as our team approves it.";
export const partnerDisabledMessage =
  "This partner account has been disabled. Please contact us for help.";
export const forgotPasswordReplyMessage =
  "If an account exists for that email, a password reset link is on its way.";
/** The ACE list's default collection filter. */
export const aceDefaultCollection = "AR";
