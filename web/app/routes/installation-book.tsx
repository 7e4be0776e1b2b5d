import type { BookingCreated } from "@mcf/contracts/booking";
import type { CustomerJob } from "@mcf/contracts/installs";
import { inquiryFlooringTypes } from "@mcf/contracts/leads-options";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { TextField } from "../components/form-fields.tsx";
import { PageHero } from "../features/content/page-hero.tsx";
import {
  BookingConfirmation,
  type BookingContact,
  SlotPicker,
  zipOfAddress,
} from "../features/installs/measure-booking.tsx";
import { ZipCheck } from "../features/installs/zip-check.tsx";
import { api } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/installation-book";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.bookMeasure,
    "Pick a free measure visit from our crews' real calendar: the next three weeks, across the Birmingham area.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("job");
  if (!token) return { job: null };
  try {
    const job = await api<CustomerJob>(`/api/installation/jobs/${encodeURIComponent(token)}`, {
      fetch: context.apiFetch,
    });
    return { job: { token, address: job.address, name: job.customer_name } };
  } catch {
    return { job: null };
  }
}

const emptyContact = { name: "", email: "", phone: "", address: "", flooring: "" };

/** /installation/book: a free measure visit booked from the crews' calendar in one visit. */
export default function InstallationBook({ loaderData }: Route.ComponentProps) {
  const store = useStoreDetails();
  const [params] = useSearchParams();
  const [zip, setZip] = useState<string | null>(null);
  const [contact, setContact] = useState(emptyContact);
  const [booking, setBooking] = useState<BookingCreated | null>(null);
  const job = loaderData.job;
  const jobZip = job ? zipOfAddress(job.address) : null;

  const complete =
    contact.name.trim() &&
    contact.email.trim() &&
    contact.phone.trim() &&
    contact.address.trim() &&
    contact.flooring;
  const fields: BookingContact | null = complete
    ? {
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        address: contact.address,
        flooring_type: [contact.flooring],
      }
    : null;
  const set = (key: keyof typeof emptyContact) => (event: { target: { value: string } }) =>
    setContact((c) => ({ ...c, [key]: event.target.value }));

  return (
    <>
      <PageHero eyebrow="Free measure visit" title="Book a measure visit">
        <p>
          Pick a time that suits you from our crews' real calendar. The visit is free and takes
          about an hour; your written estimate follows it.
        </p>
      </PageHero>
      <section className="container-page max-w-3xl space-y-8 py-10">
        {booking ? (
          <BookingConfirmation booking={booking} />
        ) : job && jobZip ? (
          <>
            <p className="text-stone-700">
              For {job.name}, at {job.address}.
            </p>
            <SlotPicker
              zip={jobZip}
              target={{ kind: "job", token: job.token }}
              onBooked={setBooking}
            />
          </>
        ) : (
          <>
            <ZipCheck initialZip={params.get("zip") ?? ""} onServed={setZip} bookLabel={null} />
            {zip && (
              // The details are asked for only when there is a time to book.
              <SlotPicker
                zip={zip}
                target={{ kind: "contact", contact: fields ? { ...fields, zip } : null }}
                onBooked={setBooking}
              >
                <form
                  className="grid gap-4 sm:grid-cols-2"
                  aria-label="Your details"
                  onSubmit={(event: FormEvent) => event.preventDefault()}
                >
                  <TextField
                    id="book-name"
                    name="name"
                    label="Name"
                    required
                    autoComplete="name"
                    value={contact.name}
                    onChange={set("name")}
                  />
                  <TextField
                    id="book-phone"
                    name="phone"
                    label="Phone"
                    type="tel"
                    required
                    autoComplete="tel"
                    value={contact.phone}
                    onChange={set("phone")}
                  />
                  <TextField
                    id="book-email"
                    name="email"
                    label="Email"
                    type="email"
                    required
                    autoComplete="email"
                    value={contact.email}
                    onChange={set("email")}
                  />
                  <div>
                    <label htmlFor="book-flooring" className="field-label">
                      Flooring you have in mind<span aria-hidden="true"> *</span>
                    </label>
                    <select
                      id="book-flooring"
                      className="field-input"
                      required
                      value={contact.flooring}
                      onChange={set("flooring")}
                    >
                      <option value="">Choose…</option>
                      {inquiryFlooringTypes
                        .filter((type) => type !== "Not Sure")
                        .map((type) => (
                          <option key={type} value={type}>
                            {type}
                          </option>
                        ))}
                    </select>
                  </div>
                  <TextField
                    id="book-address"
                    name="address"
                    label="Address to measure"
                    required
                    autoComplete="street-address"
                    placeholder={`Street, city, AL ${zip}`}
                    className="sm:col-span-2"
                    value={contact.address}
                    onChange={set("address")}
                  />
                </form>
                {!fields && (
                  <p className="text-sm text-stone-600">Fill in your details to book a time.</p>
                )}
              </SlotPicker>
            )}
          </>
        )}
        <p className="text-sm text-stone-600">
          Rather talk to someone? Call{" "}
          <a href={store.phone_href} className="font-semibold text-oak-700 underline">
            {store.phone}
          </a>
          , or{" "}
          <a href="/showroom" className="font-semibold text-oak-700 underline">
            visit the showroom
          </a>
          .
        </p>
      </section>
    </>
  );
}
