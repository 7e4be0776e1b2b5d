import { Link } from "react-router";

export function NotFoundView() {
  return (
    <div className="container-page py-20 text-center">
      <p className="mb-2 text-sm font-semibold tracking-widest text-oak-600 uppercase">404</p>
      <h1 className="mb-3 text-3xl font-bold sm:text-4xl">We couldn't find that page</h1>
      <p className="mx-auto mb-8 max-w-xl text-stone-700">
        The page may have moved, or the link may be mistyped. These are good places to start:
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary">
          Shop flooring
        </Link>
        <Link to="/" className="btn-outline">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
