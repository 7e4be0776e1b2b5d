import { LegalPage } from "../features/content/legal-page.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.privacy,
    (store) => `How ${store.business_name} collects, uses and protects your information.`,
  );

export default function PrivacyPolicy() {
  const store = useStoreDetails();
  return (
    <LegalPage title="Privacy Policy" updated="January 2025">
      <p>
        {store.business_name} ("we", "us") sells and installs flooring from our showroom at{" "}
        {store.formatted_address} and online. This policy explains what information we collect when
        you use our website, shop with us or ask for a quote, how we use it, and the choices you
        have.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>
          <strong>Information you give us:</strong> your name, email address, phone number, billing
          and shipping addresses when you order; project details (address, property type, rooms,
          square footage, timeline and notes) when you request an installation quote; and the
          contents of messages you send through our contact form.
        </li>
        <li>
          <strong>Partner accounts:</strong> company name, contact name, phone, company and shipping
          addresses, and a password that we store only as a secure hash.
        </li>
        <li>
          <strong>Payment information:</strong> card payments are handled by our payment processor
          on its own secure page. We never see or store your full card number.
        </li>
        <li>
          <strong>Technical information:</strong> your IP address, browser type and the pages you
          visit, recorded in our server logs to keep the site secure and working.
        </li>
      </ul>

      <h2>How we use your information</h2>
      <ul>
        <li>To process, ship and track your orders and send order and shipping emails.</li>
        <li>To answer your questions and prepare installation quotes.</li>
        <li>To manage partner accounts and show partner pricing.</li>
        <li>To prevent fraud and abuse, and to keep our website secure.</li>
        <li>To meet our legal, tax and accounting obligations.</li>
      </ul>
      <p>
        We do not send marketing email unless you ask us to, and we never sell your information.
      </p>

      <h2>Sharing your information</h2>
      <p>We share information only with service providers who help us run the business:</p>
      <ul>
        <li>our payment processor, to take card payments;</li>
        <li>freight and parcel carriers, to deliver your order;</li>
        <li>our email provider, to deliver the messages we send you;</li>
        <li>our hosting provider, which stores the website and its database.</li>
      </ul>
      <p>
        Each may use your information only to provide its service to us. We may also disclose
        information when the law requires it or to protect our customers and our business.
      </p>

      <h2>Data security</h2>
      <p>
        Our website is served over encrypted connections, passwords are stored as one-way hashes,
        and access to customer records is limited to staff who need it. No system is perfectly
        secure, but we work to protect your information and will tell you promptly if a breach
        affects you.
      </p>

      <h2>Your rights and choices</h2>
      <p>
        You may ask us to show you the personal information we hold about you, correct it, or delete
        it when we no longer need it for an order, a warranty or the law. Partner users can update
        their profile at any time from their account page. Contact us using the details below and we
        will answer within 30 days.
      </p>

      <h2>Cookies and local storage</h2>
      <p>
        We do not use advertising or tracking cookies. Your browser's local storage keeps your
        shopping cart and, if you are a partner, your sign-in session, so they survive a page
        reload. You can clear them at any time in your browser settings; your cart will then be
        empty.
      </p>

      <h2>Children's privacy</h2>
      <p>
        Our website is not directed to children under 13, and we do not knowingly collect personal
        information from them. If you believe a child under 13 has given us information, contact us
        and we will delete it.
      </p>

      <h2>Contact us</h2>
      <p>
        Questions about this policy or your information: write to {store.business_name},{" "}
        {store.formatted_address}; call <a href={store.phone_href}>{store.phone}</a>; or email{" "}
        <a href={`mailto:${store.email}`}>{store.email}</a>.
      </p>

      <h2>Updates to this policy</h2>
      <p>
        We may update this policy as our services change. The date at the top shows the latest
        version; significant changes will be announced on this page.
      </p>
    </LegalPage>
  );
}
