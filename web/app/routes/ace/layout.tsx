import { Link, Outlet } from "react-router";
import { AceAuthProvider } from "../../features/ace/ace-auth.tsx";
import { AceHeader } from "../../features/ace/ace-header.tsx";
import { CartButton } from "../../features/cart/cart-button.tsx";
import { useStoreDetails } from "../../lib/store-details.ts";

/** Every /ace screen: the partner session, the partner nav with the cart icon and a slim footer. */
export default function AceLayout() {
  const store = useStoreDetails();
  return (
    <AceAuthProvider>
      <div className="flex min-h-screen flex-col bg-stone-50">
        <AceHeader cartButton={<CartButton tone="light" />} />
        <div className="flex-1">
          <Outlet />
        </div>
        <footer className="border-t border-stone-200 bg-white">
          <div className="container-page flex flex-col gap-2 py-6 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between">
            <p>
              {store.business_name} ACE partner portal · Questions? Call{" "}
              <a href={store.phone_href} className="font-semibold text-navy-800">
                {store.phone}
              </a>
            </p>
            <Link to="/" className="font-medium text-navy-800 hover:underline">
              Back to the public store
            </Link>
          </div>
        </footer>
      </div>
    </AceAuthProvider>
  );
}
