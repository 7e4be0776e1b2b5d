import { NotFoundView } from "../components/not-found-view.tsx";
import { formatTitle } from "../lib/page-titles.ts";
import { storeDetailsOf } from "../lib/store-details.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: formatTitle(null, storeDetailsOf(matches).business_name) },
];

export default function NotFound() {
  return <NotFoundView />;
}
