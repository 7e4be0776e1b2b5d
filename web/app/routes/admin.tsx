import { AdminScreen } from "../features/admin/admin-screen.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => [
  ...pageMeta(pageTitles.admin, "Magic City Floors back office."),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminRoute() {
  return <AdminScreen />;
}
