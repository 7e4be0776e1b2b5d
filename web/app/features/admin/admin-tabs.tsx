import { roleMayOpen, type StaffRole } from "@mcf/contracts/staff";
import type { ComponentType } from "react";
import { AuditTab } from "./audit-tab.tsx";
import { CalendarTab } from "./calendar-tab.tsx";
import { CouponsTab } from "./coupons-tab.tsx";
import { DashboardTab } from "./dashboard-tab.tsx";
import { InboxTab } from "./inbox-tab.tsx";
import { JobsTab } from "./jobs-tab.tsx";
import { OrdersTab } from "./orders-tab.tsx";
import { OutboxTab } from "./outbox-tab.tsx";
import { PartnersTab } from "./partners-tab.tsx";
import { ProductsTab } from "./products-tab.tsx";
import { PurchaseOrdersTab } from "./purchase-orders-tab.tsx";
import { ReorderTab } from "./reorder-tab.tsx";
import { ReviewsTab } from "./reviews-tab.tsx";
import { SamplesTab } from "./samples-tab.tsx";
import { SettingsTab } from "./settings-tab.tsx";
import { StaffTab } from "./staff-tab.tsx";
import { StockCountTab } from "./stock-count-tab.tsx";

export interface AdminTab {
  /** Kept in the URL (?tab=id) so reloads and links land on the same tab. */
  id: string;
  label: string;
  /** The part of the back office it belongs to: only roles that may open it see the tab. */
  area: string;
  Component: ComponentType;
}

/** The back office's tabs, in order. Adding a tab is adding one entry here. */
export const adminTabs: AdminTab[] = [
  // The owner's first screen; roles without it start at Orders.
  { id: "dashboard", label: "Dashboard", area: "dashboard", Component: DashboardTab },
  { id: "orders", label: "Orders", area: "orders", Component: OrdersTab },
  { id: "samples", label: "Samples to send", area: "samples", Component: SamplesTab },
  { id: "products", label: "Products", area: "products", Component: ProductsTab },
  { id: "count", label: "Stock count", area: "products", Component: StockCountTab },
  { id: "reorder", label: "Reorder", area: "products", Component: ReorderTab },
  {
    id: "purchase-orders",
    // Not "Purchase orders": a tab named with "Orders" in it would be one more "Orders" tab.
    label: "Purchasing",
    area: "products",
    Component: PurchaseOrdersTab,
  },
  { id: "inbox", label: "Inbox", area: "inbox", Component: InboxTab },
  // Moderation of shoppers' words sits with the inbox's roles.
  { id: "reviews", label: "Reviews", area: "inbox", Component: ReviewsTab },
  { id: "jobs", label: "Jobs", area: "jobs", Component: JobsTab },
  { id: "calendar", label: "Calendar", area: "jobs", Component: CalendarTab },
  { id: "coupons", label: "Coupons", area: "coupons", Component: CouponsTab },
  { id: "partners", label: "Partners", area: "partners", Component: PartnersTab },
  { id: "outbox", label: "Outbox", area: "outbox", Component: OutboxTab },
  { id: "audit", label: "Audit", area: "audit", Component: AuditTab },
  { id: "staff", label: "Staff", area: "staff", Component: StaffTab },
  { id: "settings", label: "Settings", area: "settings", Component: SettingsTab },
];

/** The tabs a role sees, in order (the owner sees them all). */
export function tabsFor(role: StaffRole): AdminTab[] {
  return adminTabs.filter((tab) => roleMayOpen(role, tab.area));
}
