import { business } from "@mcf/contracts/business";
import { Link } from "react-router";
import { useStoreDetails } from "../lib/store-details.ts";
import { BrandMark } from "./brand-mark.tsx";

const shopLinks = [
  { to: "/products?type=hardwood", label: "Hardwood" },
  { to: "/products?type=laminate", label: "Laminate" },
  { to: "/products?type=vinyl", label: "Vinyl" },
  { to: "/products?type=tile", label: "Tile" },
  { to: "/products?type=carpet", label: "Carpet" },
  { to: "/accessories", label: "Underlayment & Trims" },
  { to: "/closeouts", label: "Closeout Deals" },
  { to: "/track", label: "Track an Order" },
];
const companyLinks = [
  { to: "/installation", label: "Installation" },
  { to: "/installation/book", label: "Book a Measure" },
  { to: "/showroom", label: "Showroom" },
  { to: "/gallery", label: "Gallery" },
  { to: "/about", label: "About Us" },
  { to: "/partners", label: "Partners" },
  { to: "/blog", label: "Blog" },
  { to: "/blog/areas", label: "Service Areas" },
  { to: "/contact", label: "Contact" },
  { to: "/room-visualizer", label: "Room Visualizer" },
];
const legalLinks = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
];

function FooterList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-navy-100 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const store = useStoreDetails();
  return (
    <footer className="mt-16 bg-navy-900 text-navy-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3 text-sm">
          <BrandMark light />
          <p>{business.tagline}</p>
          <p>
            <a href={store.phone_href} className="font-semibold text-white hover:underline">
              {store.phone}
            </a>
            <br />
            {store.formatted_address}
          </p>
          <ul>
            {store.hours.map((h) => (
              <li key={h.days}>
                {h.days}: {h.time}
              </li>
            ))}
          </ul>
        </div>
        <FooterList title="Shop" links={shopLinks} />
        <FooterList
          title="Company"
          links={
            // No visualizer address in the settings: no link to it.
            store.room_visualizer_url
              ? companyLinks
              : companyLinks.filter((link) => link.to !== "/room-visualizer")
          }
        />
        <div>
          <FooterList title="Legal" links={legalLinks} />
          <p className="mt-4 text-sm">
            <a href="/sitemap.xml" className="text-navy-100 hover:text-white hover:underline">
              Sitemap
            </a>
          </p>
          <p className="mt-4 text-sm">
            <Link to="/ace" className="text-navy-100 hover:text-white hover:underline">
              ACE partner portal
            </Link>
          </p>
        </div>
      </div>
      <div className="border-t border-navy-700">
        <p className="container-page py-5 text-xs text-navy-100">
          © {new Date().getFullYear()} {store.business_name}. Flooring sales and installation in
          Birmingham, Alabama.
        </p>
      </div>
    </footer>
  );
}
