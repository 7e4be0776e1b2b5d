import "./zod-without-eval.ts";
import { z } from "zod";
import { emailField, newPassword } from "./partners.ts";

/**
 * Who may do what in the back office. The owner does everything; staff run the day (orders,
 * inbox, installation jobs); catalogue keeps the products and coupons.
 */
export const staffRoles = ["owner", "staff", "catalogue"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * The parts of the back office each role may open (the owner opens every one). The server checks
 * it on every admin route group; the web app shows only the tabs of the signed-in role.
 */
export const staffAreasByRole: Record<StaffRole, readonly string[]> = {
  owner: ["*"],
  staff: ["orders", "samples", "inbox", "jobs"],
  catalogue: ["products", "coupons"],
};

/** True when the role may open the back-office area (the owner may open every area). */
export function roleMayOpen(role: StaffRole, area: string): boolean {
  const areas = staffAreasByRole[role];
  return areas.includes("*") || areas.includes(area);
}

/** How the Staff tab names each role. */
export const staffRoleLabels: Record<StaffRole, string> = {
  owner: "Owner (everything)",
  staff: "Staff (orders, samples, inbox, jobs)",
  catalogue: "Catalogue (products, coupons)",
};

/**
 * The audit log's stored name for whoever holds the shop password (in a browser as with the
 * header in scripts): "admin", as before named accounts existed, so old rows read the same.
 * Named accounts are stored by their email.
 */
export const shopPasswordActor = "admin";

/** How screens name who made a change: "Shop password" for the shared password, else the email. */
export function actorDisplayName(actor: string): string {
  return actor === shopPasswordActor ? "Shop password" : actor;
}

export const invalidStaffSignInMessage = "Invalid email or password.";
/** The shop password's own message, as the one-password sign-in always said it. */
export const invalidShopPasswordMessage = "Invalid password";
export const staffLockedOutMessage = "Too many failed sign-in attempts. Please wait and try again.";
export const staffSessionEndedMessage = "Your session has ended. Please sign in again.";
export const staffForbiddenMessage = "Your account cannot open this part of the back office.";
export const crossSiteRefusedMessage = "This request came from another site and was refused.";
export const duplicateStaffEmailMessage = "A staff account with this email already exists";
export const staffForgotPasswordReplyMessage =
  "If a staff account exists for that email, a password reset link is on its way.";

/**
 * Sign-in: with an email for a named account, or without one for the owner's shop password
 * (ADMIN_PASSWORD). Deliberately loose: every wrong input answers the same message.
 */
export const staffSignInSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((value) => (value ? value : null)),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(256),
});

/** The signed-in staff member as GET/POST /api/admin/session answer it. */
export const staffMemberSchema = z.object({
  /** Null for the owner signed in with the shop password. */
  id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(staffRoles),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A staff account as the owner's Staff tab lists it. */
export const staffAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  active: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountListSchema = z.object({ accounts: z.array(staffAccountSchema) });

const staffName = z
  .string({ message: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(120, "Name is too long");

/** The owner creates an account with a first password and tells it to the person. */
export const staffAccountCreateSchema = z.object({
  name: staffName,
  email: emailField,
  role: z.enum(staffRoles, { message: "Choose a role: owner, staff or catalogue" }),
  password: newPassword,
});
export type StaffAccountCreate = z.input<typeof staffAccountCreateSchema>;

/** The owner changes a role or turns an account off (which ends its sessions). */
export const staffAccountUpdateSchema = z.object({
  name: staffName.optional(),
  role: z.enum(staffRoles, { message: "Choose a role: owner, staff or catalogue" }).optional(),
  active: z.boolean().optional(),
});

export const staffIdParamsSchema = z.object({
  id: z.uuid({ message: "Unknown staff account" }),
});

export const staffForgotPasswordSchema = z.object({
  email: z.string({ message: "Email is required" }).trim().min(1, "Email is required").max(254),
});

export const staffResetPasswordSchema = z.object({
  token: z.string({ message: "Reset token is required" }).trim().min(1).max(200),
  new_password: newPassword,
});
