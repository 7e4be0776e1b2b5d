import {
  type StaffAccount,
  type StaffRole,
  staffRoleLabels,
  staffRoles,
} from "@mcf/contracts/staff";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import { errorText, replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { EmailText } from "./email-text.tsx";
import { StaffAccountForm } from "./staff-account-form.tsx";
import { useToast } from "./toast.tsx";

type Change = { role: StaffRole } | { active: boolean };

/**
 * A role is changed on purpose: choosing one in the select only proposes it, and Save (naming the
 * new role) applies it; Cancel puts the select back.
 */
function RoleCell({
  account,
  disabled,
  onSave,
}: {
  account: StaffAccount;
  disabled: boolean;
  onSave: (role: StaffRole) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<StaffRole>(account.role);
  const changed = draft !== account.role;
  return (
    <div className="flex flex-col items-start gap-1.5 sm:flex-row sm:flex-wrap sm:items-center sm:gap-2">
      <select
        aria-label={`Role of ${account.name}`}
        className="max-w-36 rounded border border-stone-300 bg-white px-2 py-1 text-sm sm:max-w-none"
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value as StaffRole)}
      >
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {staffRoleLabels[role]}
          </option>
        ))}
      </select>
      {changed ? (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded bg-navy-800 px-3 py-1 text-xs font-semibold text-white disabled:opacity-50"
            disabled={disabled}
            onClick={async () => {
              if (!(await onSave(draft))) setDraft(account.role);
            }}
          >
            Save<span className="max-sm:sr-only"> as {capitalize(draft)}</span>
          </button>
          <button
            type="button"
            className="rounded px-2 py-1 text-xs font-semibold text-stone-700 underline disabled:opacity-50"
            disabled={disabled}
            onClick={() => setDraft(account.role)}
          >
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}

function staffColumns(
  selfId: string | null,
  busyId: string | null,
  change: (account: StaffAccount, update: Change) => Promise<boolean>,
): Array<AdminColumn<StaffAccount>> {
  return [
    {
      header: "Name",
      cellClassName: "px-3 py-2",
      cell: (a) => (
        <>
          <span className="block font-medium text-navy-800">{a.name}</span>
          <span className="block text-xs break-words text-stone-600">
            <EmailText email={a.email} />
          </span>
        </>
      ),
    },
    {
      header: "Role",
      cell: (a) => (
        <RoleCell
          account={a}
          disabled={busyId === a.id || a.id === selfId}
          onSave={(role) => change(a, { role })}
        />
      ),
    },
    {
      header: "Last sign-in",
      hideOnPhone: true,
      phoneText: (a) => (a.last_sign_in_at ? formatShopTime(a.last_sign_in_at) : "Never"),
      cellClassName: "px-3 py-2 whitespace-nowrap",
      cell: (a) => (a.last_sign_in_at ? formatShopTime(a.last_sign_in_at) : "Never"),
    },
    {
      header: "Status",
      hideOnPhone: true,
      phoneText: (a) => (a.active ? "Active" : "Turned off"),
      cell: (a) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            a.active ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-600"
          }`}
        >
          {a.active ? "Active" : "Turned off"}
        </span>
      ),
    },
    {
      header: "Actions",
      cellClassName: "px-3 py-2 sm:whitespace-nowrap",
      cell: (a) =>
        a.id === selfId ? (
          <span className="text-xs text-stone-600">You</span>
        ) : (
          <button
            type="button"
            className={
              a.active
                ? "rounded border border-brick-600 px-3 py-1 text-xs font-semibold text-brick-600 disabled:opacity-50"
                : "rounded bg-green-700 px-3 py-1 text-xs font-semibold text-white disabled:opacity-50"
            }
            disabled={busyId === a.id}
            onClick={() => change(a, { active: !a.active })}
          >
            {a.active ? "Turn off" : "Turn on"}
          </button>
        ),
    },
  ];
}

/** The owner's Staff tab: every account, its role, and turning accounts off and on. */
export function StaffTab() {
  const { request, staff } = useAdminSession();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const list = useAdminList<StaffAccount>({
    key: adminListKeys.staff,
    path: () => "/api/admin/staff",
    read: (data) => ({ rows: (data as { accounts: StaffAccount[] }).accounts, meta: undefined }),
    failure: "Failed to load staff accounts",
  });
  const updateList = useUpdateCachedList<StaffAccount>(adminListKeys.staff);

  /** Saves one change to an account; true once saved. */
  async function change(account: StaffAccount, update: Change): Promise<boolean> {
    if (busyId) return false;
    if ("active" in update && !update.active) {
      if (!window.confirm(`Turn off ${account.name}'s account? They will be signed out.`))
        return false;
    }
    setBusyId(account.id);
    try {
      const saved = await request<StaffAccount>(`/api/admin/staff/${account.id}`, {
        method: "PATCH",
        body: update,
      });
      updateList(replaceById(saved));
      toast(
        "role" in update
          ? `${saved.name} is now ${capitalize(saved.role)}`
          : `${saved.name}: saved`,
      );
      return true;
    } catch (failure) {
      toast(errorText(failure, "Failed to update the account"), "error");
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
      <section
        aria-label="Staff accounts"
        className="min-w-0 rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex items-center justify-between border-b border-stone-200 p-3">
          <h2 className="text-base font-bold text-navy-800">
            Staff accounts{list.loading ? "" : ` (${list.items.length})`}
          </h2>
          <button type="button" className="btn-primary py-2" onClick={() => setCreating(true)}>
            New staff account
          </button>
        </div>
        <AdminTable
          columns={staffColumns(staff?.id ?? null, busyId, change)}
          rows={list.items}
          rowKey={(a) => a.id}
          empty="No staff accounts yet. The shop password signs in as the owner."
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
        />
      </section>
      <aside className="min-w-0">
        {creating ? (
          <StaffAccountForm
            onSaved={(saved) => {
              updateList((rows, page) => (page === 0 ? [...rows, saved] : rows));
              setCreating(false);
            }}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <div className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">
            <p className="mb-2 font-semibold text-navy-800">Who sees what</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <strong>Owner</strong>: everything, including staff accounts and the audit log.
              </li>
              <li>
                <strong>Staff</strong>: orders, the inbox, installation jobs and the calendar.
              </li>
              <li>
                <strong>Catalogue</strong>: products and coupons.
              </li>
            </ul>
            <p className="mt-3">
              Turning an account off signs it out at once. Scripts keep using the shop password.
            </p>
          </div>
        )}
      </aside>
    </div>
  );
}
