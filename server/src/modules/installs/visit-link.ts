import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The link in a measure visit's emails that moves or cancels it: the visit's id signed with the
 * job's secret token (HMAC-SHA256), so the link names one visit, cannot be made up for another
 * and does not reveal the token. Any change to the link fails the check.
 */
const signatureOf = (jobToken: string, appointmentId: number) =>
  createHmac("sha256", jobToken).update(`measure-visit:${appointmentId}`).digest("base64url");

export function visitRef(jobToken: string, appointmentId: number): string {
  return `${appointmentId}.${signatureOf(jobToken, appointmentId)}`;
}

/** The appointment id a reference names, before its signature is checked; null when malformed. */
export function appointmentIdOfRef(ref: string): number | null {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(ref);
  return match ? Number(match[1]) : null;
}

/** Whether `ref` is the signed reference of that visit of that job. */
export function isSignedVisitRef(ref: string, jobToken: string, appointmentId: number): boolean {
  const expected = Buffer.from(visitRef(jobToken, appointmentId));
  const given = Buffer.from(ref);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const visitManageUrl = (publicUrl: string, ref: string) =>
  `${publicUrl}/installation/visit/${ref}`;
