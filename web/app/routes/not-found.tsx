import { NotFoundView } from "../components/not-found-view.tsx";
import { formatTitle } from "../lib/page-titles.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: formatTitle(null) }];

export default function NotFound() {
  return <NotFoundView />;
}
