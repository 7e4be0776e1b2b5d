import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AdminLogin } from "./admin-login.tsx";
import { createAdminQueryClient } from "./admin-query-client.ts";
import { AdminSessionProvider, useAdminSession } from "./admin-session.tsx";
import { tabsFor } from "./admin-tabs.tsx";
import { ToastProvider } from "./toast.tsx";

const roleNames = { owner: "Owner", staff: "Staff", catalogue: "Catalogue" } as const;

function BackOffice() {
  const { signOut, signOutEverywhere, staff } = useAdminSession();
  const [params, setParams] = useSearchParams();
  // One cache per sign-in: signing out unmounts the back office and drops what it had read.
  const [queryClient] = useState(createAdminQueryClient);
  // Each role sees only its part of the back office (the server refuses the rest too).
  const adminTabs = tabsFor(staff?.role ?? "staff");
  const active = adminTabs.find((tab) => tab.id === params.get("tab")) ?? adminTabs[0];
  if (!active || !staff) return null;
  const endEverySession = () => {
    if (window.confirm("Sign out on every device, this one included?")) void signOutEverywhere();
  };
  const { Component } = active;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="admin-ui min-h-screen bg-stone-100">
        <div className="bg-navy-800 text-white">
          <div className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-6 gap-y-2 px-4 pt-3">
            <h1 className="font-display text-lg font-bold text-white">Back office</h1>
            <div
              role="tablist"
              aria-label="Back office sections"
              className="order-last -mb-px flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto lg:order-last lg:w-full lg:flex-wrap lg:overflow-visible"
            >
              {adminTabs.map((tab) => (
                <button
                  key={tab.id}
                  type="button"
                  role="tab"
                  id={`admin-tab-${tab.id}`}
                  aria-selected={tab.id === active.id}
                  aria-controls="admin-panel"
                  onClick={() =>
                    setParams(tab.id === adminTabs[0]?.id ? {} : { tab: tab.id }, { replace: true })
                  }
                  className={`rounded-t-md px-4 py-2.5 text-sm lg:px-3 font-semibold whitespace-nowrap ${
                    tab.id === active.id
                      ? "bg-stone-100 text-navy-800"
                      : "text-white/80 hover:bg-white/10 hover:text-white"
                  }`}
                >
                  {tab.label}
                </button>
              ))}
            </div>
            <div className="ml-auto flex items-center gap-3 sm:mb-2">
              <p className="text-right text-xs leading-tight text-white/80">
                <span className="block font-semibold text-white">{staff.name}</span>
                {/* The shop password has no name of its own: say how the owner signed in. */}
                {staff.email === null ? "Shop password" : roleNames[staff.role]}
              </p>
              <button
                type="button"
                onClick={endEverySession}
                className="rounded-md py-1.5 text-xs font-semibold text-white/80 underline underline-offset-2 hover:text-white"
              >
                Sign out everywhere
              </button>
              <button
                type="button"
                onClick={signOut}
                className="rounded-md border border-white/40 px-3 py-1.5 text-sm font-semibold hover:bg-white/10"
              >
                Logout
              </button>
            </div>
          </div>
        </div>
        <div
          id="admin-panel"
          role="tabpanel"
          aria-labelledby={`admin-tab-${active.id}`}
          className="mx-auto max-w-[1600px] px-4 py-4"
        >
          <Component />
        </div>
      </div>
    </QueryClientProvider>
  );
}

function Gate() {
  const { state } = useAdminSession();
  if (state === "checking") {
    return (
      <div className="flex min-h-screen items-center justify-center bg-stone-100 text-stone-600">
        Loading…
      </div>
    );
  }
  return state === "signed-in" ? <BackOffice /> : <AdminLogin />;
}

/** /admin: the sign-in form, then the signed-in role's tabs, all rendered in the browser. */
export function AdminScreen() {
  return (
    <AdminSessionProvider>
      <ToastProvider>
        <Gate />
      </ToastProvider>
    </AdminSessionProvider>
  );
}
