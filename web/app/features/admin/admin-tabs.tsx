import type { ComponentType } from "react";
import { AuditTab } from "./audit-tab.tsx";
import { CalendarTab } from "./calendar-tab.tsx";
import { CouponsTab } from "./coupons-tab.tsx";
import { InboxTab } from "./inbox-tab.tsx";
import { JobsTab } from "./jobs-tab.tsx";
import { OrdersTab } from "./orders-tab.tsx";
import { OutboxTab } from "./outbox-tab.tsx";
import { PartnersTab } from "./partners-tab.tsx";
import { ProductsTab } from "./products-tab.tsx";
import { SamplesTab } from "./samples-tab.tsx";

export interface AdminTab {
  /** Kept in the URL (?tab=id) so reloads and links land on the same tab. */
  id: string;
  label: string;
  Component: ComponentType;
}

/** The back office's tabs, in order. Adding a tab is adding one entry here. */
export const adminTabs: AdminTab[] = [
  { id: "orders", label: "Orders", Component: OrdersTab },
  { id: "samples", label: "Samples to send", Component: SamplesTab },
  { id: "products", label: "Products", Component: ProductsTab },
  { id: "inbox", label: "Inbox", Component: InboxTab },
  { id: "jobs", label: "Jobs", Component: JobsTab },
  { id: "calendar", label: "Calendar", Component: CalendarTab },
  { id: "coupons", label: "Coupons", Component: CouponsTab },
  { id: "partners", label: "Partners", Component: PartnersTab },
  { id: "outbox", label: "Outbox", Component: OutboxTab },
  { id: "audit", label: "Audit", Component: AuditTab },
];
