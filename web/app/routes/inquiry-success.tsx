import type { BookingCreated } from "@mcf/contracts/booking";
import { business } from "@mcf/contracts/business";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CheckIcon } from "../components/icons.tsx";
import {
  BookingConfirmation,
  SlotPicker,
  zipOfAddress,
} from "../features/installs/measure-booking.tsx";
import { api } from "../lib/api.ts";
import { type BookingContactFields, recallBookingContact } from "../lib/booking-contact.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/inquiry-success";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.inquirySuccess),
  { name: "robots", content: "noindex" },
];

/** After hydration: the inquiry's contact, when its address is at a ZIP code we serve. */
function useBookableContact() {
  const [bookable, setBookable] = useState<{ contact: BookingContactFields; zip: string } | null>(
    null,
  );
  useEffect(() => {
    const contact = recallBookingContact();
    const zip = contact ? zipOfAddress(contact.address) : null;
    if (!contact || !zip) return;
    api<{ served: boolean }>(`/api/installation/served?zip=${zip}`)
      .then((answer) => {
        if (answer.served) setBookable({ contact, zip });
      })
      .catch(() => undefined);
  }, []);
  return bookable;
}

export default function InquirySuccess() {
  const store = useStoreDetails();
  const bookable = useBookableContact();
  const [booking, setBooking] = useState<BookingCreated | null>(null);
  return (
    <section className="container-page flex max-w-2xl flex-col items-center py-20 text-center">
      <span className="mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-sage-600/15">
        <CheckIcon className="h-9 w-9 text-sage-600" />
      </span>
      <h1 className="mb-4 text-4xl font-bold">Thank you!</h1>
      <p className="mb-2 text-lg text-stone-700">Your project details were received.</p>
      <p className="mb-8 text-lg text-stone-700">
        Our team will be in touch within {business.inquiryReplyWindow}. Need us sooner? Call{" "}
        <a href={store.phone_href} className="font-semibold text-oak-700 underline">
          {store.phone}
        </a>
        .
      </p>
      {booking ? (
        <div className="mb-8 w-full text-left">
          <BookingConfirmation booking={booking} />
        </div>
      ) : bookable ? (
        <div className="mb-8 w-full rounded-2xl bg-white p-6 text-left shadow-sm ring-1 ring-stone-200">
          <h2 className="mb-2 text-2xl font-bold">Book your free measure visit now</h2>
          <p className="mb-4 text-stone-700">
            No need to wait for our call: pick a time from our crews' calendar.
          </p>
          <SlotPicker
            zip={bookable.zip}
            target={{ kind: "contact", contact: bookable.contact }}
            onBooked={setBooking}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary px-6 py-3">
          Browse Products
        </Link>
        <Link to="/" className="btn-outline px-6 py-3">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
