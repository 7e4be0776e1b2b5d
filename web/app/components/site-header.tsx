import { Link, NavLink, useLocation } from "react-router";
import { CartButton } from "../features/cart/cart-button.tsx";
import { deferredIsland } from "../lib/deferred-island.tsx";
import { useStoreDetails } from "../lib/store-details.ts";
import { BrandMark } from "./brand-mark.tsx";
import { AccountIcon, PhoneIcon } from "./icons.tsx";
import { MobileMenuButton, useMobileMenu } from "./mobile-menu.tsx";

/**
 * The search box is a plain GET form until its code arrives after hydration (decision 089); the
 * suggestions it adds are needed only once a shopper types, and every page carried their code.
 */
const SiteSearch = deferredIsland(() => import("./site-search.tsx").then((m) => m.SiteSearch));

export const mainNav = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/installation", label: "Installation" },
  { to: "/showroom", label: "Showroom" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
  { to: "/blog/areas", label: "Locations" },
  { to: "/contact", label: "Contact" },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-navy-50 text-navy-800" : "text-stone-700 hover:bg-stone-100 hover:text-navy-800"
  }`;

/** The public top navigation; not shown under /ace (the partner area has its own). */
export function SiteHeader() {
  const store = useStoreDetails();
  const menu = useMobileMenu();
  // The product list has its own search box; a second one above it on a phone is one too many.
  const onProductList = useLocation().pathname === "/products";

  return (
    <header
      data-sticky-header
      className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur"
    >
      <div className="hidden bg-navy-800 text-navy-50 sm:block">
        <div className="container-page flex h-9 items-center justify-between text-xs">
          <span>Showroom &amp; installation across the Birmingham area · Nationwide shipping</span>
          <a
            href={store.phone_href}
            className="flex items-center gap-1.5 font-semibold hover:text-white"
          >
            <PhoneIcon className="h-4 w-4" /> {store.phone}
          </a>
        </div>
      </div>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" aria-label={`${store.business_name} home`}>
          <BrandMark />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/" || item.to === "/blog"}
                  className={navClass}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SiteSearch className="hidden w-64 xl:block" />
        <div className="flex items-center gap-1">
          <Link
            to="/account"
            aria-label="My account"
            className="rounded-md p-2 text-navy-800 hover:bg-stone-100"
          >
            <AccountIcon />
          </Link>
          <CartButton />
          <MobileMenuButton
            open={menu.open}
            onToggle={menu.toggle}
            menuId="mobile-menu"
            className="rounded-md p-2 text-navy-800 hover:bg-stone-100 lg:hidden"
          />
        </div>
      </div>
      {onProductList ? null : (
        <div className="container-page pb-3 xl:hidden">
          <SiteSearch />
        </div>
      )}
      {menu.open ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-stone-200 bg-white lg:hidden"
        >
          <ul className="container-page flex flex-col py-2">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/" || item.to === "/blog"}
                  className={({ isActive }) => `block ${navClass({ isActive })} py-3 text-base`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <a
                href={store.phone_href}
                className="flex items-center gap-2 px-3 py-3 font-semibold text-oak-700"
              >
                <PhoneIcon /> Call {store.phone}
              </a>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
