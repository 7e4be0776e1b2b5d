import { ApiError } from "../../lib/api.ts";

export const paymentMessages = {
  initiationFailed: "Payment initiation failed. Please try again.",
  invalidResponse: "Invalid response from payment server",
} as const;

/**
 * Why starting a payment failed, in the words shoppers see: the server's detail, else
 * "Payment failed with status {code}", else (no answer at all) the generic message.
 */
export function paymentFailureReason(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    // The API client words a reply without a detail as "Request failed with status N".
    const withoutDetail = error.message === `Request failed with status ${error.status}`;
    return withoutDetail ? `Payment failed with status ${error.status}` : error.message;
  }
  if (error instanceof Error && error.message === paymentMessages.invalidResponse)
    return error.message;
  return paymentMessages.initiationFailed;
}
