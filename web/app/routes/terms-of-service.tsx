import { Link } from "react-router";
import { LegalPage } from "../features/content/legal-page.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.terms,
    (store) =>
      `The terms for buying flooring online from ${store.business_name}: orders, pricing, shipping, returns and installation.`,
  );

export default function TermsOfService() {
  const store = useStoreDetails();
  return (
    <LegalPage title="Terms of Service" updated="January 2025">
      <p>
        These terms apply when you use the {store.business_name} website or buy flooring from us
        online. By placing an order you agree to them. If you have a question before you buy, call{" "}
        <a href={store.phone_href}>{store.phone}</a>.
      </p>

      <h2>Orders and acceptance</h2>
      <p>
        Flooring is sold by the box (carton). Your order is accepted when your payment is approved
        and we send an order confirmation email. We may cancel an order and refund it in full if a
        product turns out to be unavailable or was listed with an obvious pricing error.
      </p>

      <h2>Prices and payment</h2>
      <p>
        Prices are shown per square foot and per box in US dollars. Shipping and any sales tax are
        calculated at checkout, before you pay. Card payments are taken by our payment processor;
        you are charged the total shown on the checkout page.
      </p>

      <h2>Quantities and coverage</h2>
      <p>
        Coverage per box is printed on every product. We recommend ordering 5–10% extra for cuts and
        waste (more for diagonal or patterned layouts). You are responsible for measuring; our guide
        on <Link to="/blog/how-to-measure-a-room-for-flooring">measuring a room</Link> can help.
      </p>

      <h2>Shipping and delivery</h2>
      <p>
        Orders ship by palletized freight or parcel carrier. Delivery dates are estimates. Please
        inspect every shipment before signing: note visible damage on the delivery receipt and tell
        us within 48 hours so we can file a claim and replace damaged boxes.
      </p>

      <h2>Shade, grain and samples</h2>
      <p>
        Natural products such as wood and stone vary in color and grain from box to box and from
        photos on screen. Order a sample or visit our showroom if the exact look matters. Install
        boxes from the same production lot together.
      </p>

      <h2>Returns</h2>
      <ul>
        <li>
          Unopened, full boxes of regular stock may be returned within 30 days of delivery for a
          refund of the product price, less return freight and a 15% restocking fee.
        </li>
        <li>Closeout items are final sale.</li>
        <li>Installed flooring, opened boxes and cut material cannot be returned.</li>
      </ul>

      <h2>Warranties</h2>
      <p>
        Products carry their manufacturer's warranty. Installation by our own crews carries our
        workmanship guarantee, described in your written installation quote. Warranties do not cover
        damage from flooding, standing water, improper maintenance or installation by others that
        does not follow the manufacturer's instructions.
      </p>

      <h2>Installation services</h2>
      <p>
        Installation is quoted separately after a site visit and is governed by the written quote
        you accept. Schedules depend on subfloor conditions and material availability; we will tell
        you promptly about any change.
      </p>

      <h2>Partner (ACE) accounts</h2>
      <p>
        Partner pricing is available only to approved partner accounts, is confidential, and may
        change without notice. You are responsible for keeping your account password secret.
      </p>

      <h2>Use of the website</h2>
      <p>
        Do not misuse the site: no attempts to break its security, no automated scraping that
        burdens it, and no unlawful content in forms. Text, photos and designs on the site belong to{" "}
        {store.business_name} or its partners.
      </p>

      <h2>Limitation of liability</h2>
      <p>
        To the extent the law allows, our liability for any order is limited to the amount you paid
        for it, and we are not liable for indirect or consequential losses. Nothing in these terms
        limits rights you have under consumer protection law.
      </p>

      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of the State of Alabama. Disputes will be handled in
        the courts of Jefferson County, Alabama.
      </p>

      <h2>Contact</h2>
      <p>
        {store.business_name}, {store.formatted_address} ·{" "}
        <a href={store.phone_href}>{store.phone}</a> ·{" "}
        <a href={`mailto:${store.email}`}>{store.email}</a>. See also our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
