import type { CouponCheckResult } from "@mcf/contracts/cart";
import { formatUsd } from "@mcf/contracts/money";
import { useId, useState } from "react";
import { ApiError, api } from "../../lib/api.ts";

export const couponMessages = {
  empty: "Please enter a coupon code",
  error: "Error validating coupon. Please try again.",
} as const;

type CouponFeedback =
  | { kind: "none" }
  | { kind: "problem"; message: string }
  | { kind: "valid"; message: string; discount: number };

export interface CouponBoxProps {
  /** The cart subtotal the coupon is checked against. */
  amount: number;
  appliedCode: string | null;
  onChange(code: string | null): void;
}

/**
 * Checks a code with GET /api/coupons/{code}?amount=: an invalid code shows the server's message
 * in red with no discount, a valid one its message in green and "Discount applied: -$x".
 */
export function CouponBox({ amount, appliedCode, onChange }: CouponBoxProps) {
  const [code, setCode] = useState(appliedCode ?? "");
  const [checking, setChecking] = useState(false);
  const [feedback, setFeedback] = useState<CouponFeedback>({ kind: "none" });
  const inputId = useId();
  const feedbackId = useId();

  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setFeedback({ kind: "problem", message: couponMessages.empty });
      return;
    }
    setChecking(true);
    try {
      const result = await api<CouponCheckResult>(
        `/api/coupons/${encodeURIComponent(trimmed)}?amount=${amount.toFixed(2)}`,
      );
      if (result.is_valid) {
        setFeedback({ kind: "valid", message: result.message, discount: result.discount_amount });
        onChange(trimmed);
      } else {
        setFeedback({ kind: "problem", message: result.message });
        onChange(null);
      }
    } catch (error) {
      // A malformed code is refused with a reason worth showing; anything else is our failure.
      const refused = error instanceof ApiError && error.status === 422;
      setFeedback({ kind: "problem", message: refused ? error.message : couponMessages.error });
      onChange(null);
    } finally {
      setChecking(false);
    }
  };

  const remove = () => {
    setCode("");
    setFeedback({ kind: "none" });
    onChange(null);
  };

  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5">
      <label htmlFor={inputId} className="field-label">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className="field-input uppercase placeholder:normal-case"
          placeholder="Enter a code"
          autoComplete="off"
          value={code}
          aria-describedby={feedback.kind === "none" ? undefined : feedbackId}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button
          type="button"
          className="btn-dark shrink-0"
          disabled={checking}
          onClick={() => void apply()}
        >
          {checking ? "Checking..." : "Apply"}
        </button>
      </div>
      <div id={feedbackId} aria-live="polite" className="mt-2 text-sm">
        {feedback.kind === "problem" ? (
          <p className="font-medium text-red-700">{feedback.message}</p>
        ) : null}
        {feedback.kind === "valid" ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-medium text-green-700">{feedback.message}</p>
              <p className="font-semibold text-green-700">
                Discount applied: -{formatUsd(feedback.discount)}
              </p>
            </div>
            <button
              type="button"
              className="text-sm text-stone-600 underline underline-offset-2 hover:text-navy-800"
              onClick={remove}
            >
              Remove coupon
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
