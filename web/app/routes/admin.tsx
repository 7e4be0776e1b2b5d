import type { MetaArgs } from "react-router";
import { AdminScreen } from "../features/admin/admin-screen.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = ({ matches }: MetaArgs) => [
  ...pageMeta(matches, pageTitles.admin, (store) => `${store.business_name} back office.`),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminRoute() {
  return <AdminScreen />;
}
