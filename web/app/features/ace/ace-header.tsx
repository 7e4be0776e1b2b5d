import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { BrandMark } from "../../components/brand-mark.tsx";
import { MobileMenuButton, useMobileMenu } from "../../components/mobile-menu.tsx";
import { useAceAuth } from "./ace-auth.tsx";

export const partnerNav = [
  { to: "/ace", label: "Products" },
  { to: "/ace/accessories", label: "Accessories" },
  { to: "/installation", label: "Installation" },
  { to: "/contact", label: "Contact" },
  { to: "/ace/account", label: "Account" },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-white/15 text-white" : "text-navy-50 hover:bg-white/10 hover:text-white"
  }`;

/**
 * The partner area's own navigation (the public top nav is hidden under /ace). `cartButton` is
 * the cart icon the layout puts on the bar, so partners reach their cart without leaving /ace.
 */
export function AceHeader({ cartButton }: { cartButton: ReactNode }) {
  const { user, logout } = useAceAuth();
  const menu = useMobileMenu();

  const logoutButton = (
    <button
      type="button"
      onClick={() => void logout()}
      className="rounded-md px-3 py-2 text-left text-sm font-medium text-navy-50 hover:bg-white/10 hover:text-white"
    >
      Logout
    </button>
  );

  return (
    <header data-sticky-header className="sticky top-0 z-40 bg-navy-800 text-white shadow">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/ace" className="flex items-center gap-3" aria-label="ACE partner products">
          <BrandMark light />
          <span className="hidden rounded bg-oak-600 px-2 py-0.5 text-xs font-bold tracking-wider uppercase sm:inline">
            ACE Partner
          </span>
        </Link>
        {user ? (
          <nav aria-label="Partner" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {partnerNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={linkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>{logoutButton}</li>
            </ul>
          </nav>
        ) : (
          <nav aria-label="Partner" className="hidden md:block">
            <ul className="flex items-center gap-1">
              <li>
                <NavLink to="/ace/login" className={linkClass}>
                  Sign in
                </NavLink>
              </li>
              <li>
                <NavLink to="/ace/register" className={linkClass}>
                  Register
                </NavLink>
              </li>
              <li>
                <Link to="/" className={linkClass({ isActive: false })}>
                  Home
                </Link>
              </li>
            </ul>
          </nav>
        )}
        <div className="flex items-center gap-1">
          {cartButton}
          <MobileMenuButton
            open={menu.open}
            onToggle={menu.toggle}
            menuId="partner-menu"
            className="rounded-md p-2 text-white hover:bg-white/10 md:hidden"
          />
        </div>
      </div>
      {menu.open ? (
        <nav
          id="partner-menu"
          aria-label="Partner mobile"
          className="border-t border-white/10 md:hidden"
        >
          <ul className="container-page flex flex-col py-2">
            {(user
              ? partnerNav
              : [
                  { to: "/ace/login", label: "Sign in" },
                  { to: "/ace/register", label: "Register" },
                  { to: "/", label: "Home" },
                ]
            ).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) => `block py-3 text-base ${linkClass({ isActive })}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            {user ? <li className="flex flex-col">{logoutButton}</li> : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
