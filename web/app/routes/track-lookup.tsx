import type { OrderLookupRequest } from "@mcf/contracts/orders";
import { data, Form, redirect, useNavigation } from "react-router";
import { TextField } from "../components/form-fields.tsx";
import { ApiError, api, detailText } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/track-lookup";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    matches,
    pageTitles.tracking,
    "Find your flooring order by its order number and email.",
  ),
  { name: "robots", content: "noindex" },
];

/** Posts the lookup to the API (rate-limited there) and goes to the order's tracking page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const lookup: OrderLookupRequest = {
    order_number: String(form.get("order_number") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  try {
    const found = await api<{ tracking_path: string }>("/api/track/lookup", {
      method: "POST",
      body: lookup,
      fetch: context.apiFetch,
    });
    return redirect(found.tracking_path);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const message =
      detailText(error.detail) ?? "We could not look up your order. Please try again.";
    return data({ error: message, ...lookup }, { status: error.status });
  }
}

/** /track: a shopper who lost the tracking link finds the order by number and email. */
export default function TrackLookupPage({ actionData }: Route.ComponentProps) {
  const store = useStoreDetails();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container-page max-w-xl py-10 sm:py-16">
      <h1 className="mb-3 text-center text-3xl font-bold sm:text-4xl">Track Your Order</h1>
      <p className="mb-8 text-center text-stone-700">
        Enter the order number from your confirmation email (it starts with MCF-) and the email
        address you used at checkout.
      </p>
      <Form
        method="post"
        className="space-y-5 rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
        aria-label="Find your order"
      >
        {actionData?.error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <TextField
          id="lookup-order-number"
          name="order_number"
          label="Order number"
          placeholder="MCF-7K3P9Q"
          autoComplete="off"
          autoCapitalize="characters"
          required
          defaultValue={actionData?.order_number ?? ""}
        />
        <TextField
          id="lookup-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          defaultValue={actionData?.email ?? ""}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Looking up..." : "Find My Order"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Can't find your order number? Call us at{" "}
        <a href={store.phone_href} className="font-semibold text-oak-700 hover:underline">
          {store.phone}
        </a>
        .
      </p>
    </div>
  );
}
