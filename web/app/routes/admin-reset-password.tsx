import type { MetaArgs } from "react-router";
import { StaffResetPassword } from "../features/admin/staff-reset-password.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = ({ matches }: MetaArgs) => [
  ...pageMeta(
    matches,
    pageTitles.adminResetPassword,
    "Choose a new password for your back-office account.",
  ),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminResetPasswordRoute() {
  return <StaffResetPassword />;
}
