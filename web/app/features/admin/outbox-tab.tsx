import { type OutboxMessage, outboxStatusValues } from "@mcf/contracts/admin";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import { errorText, replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { useToast } from "./toast.tsx";

type Counts = Record<(typeof outboxStatusValues)[number], number>;

const badge: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-800",
  sent: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

/** A message that did not go out (failed, or pending after a failed attempt) can be retried. */
const canRetry = (m: OutboxMessage) =>
  m.status === "failed" || (m.status === "pending" && m.attempts > 0);

function outboxColumns(onRetry: (m: OutboxMessage) => void): Array<AdminColumn<OutboxMessage>> {
  return [
    {
      header: "Queued",
      hideOnPhone: true,
      phoneText: (m) => formatShopTime(m.created_at),
      cellClassName: "px-3 py-2 whitespace-nowrap text-stone-600",
      cell: (m) => formatShopTime(m.created_at),
    },
    {
      header: "To",
      hideOnPhone: true,
      phoneText: (m) => m.to_address,
      cell: (m) => m.to_address,
    },
    {
      header: "Subject",
      cell: (m) => (
        <>
          {m.subject}
          {m.last_error && m.status !== "sent" ? (
            <div className="text-xs text-red-700">{m.last_error}</div>
          ) : null}
          {m.sent_at ? (
            <div className="text-xs text-stone-600">Sent {formatShopTime(m.sent_at)}</div>
          ) : null}
        </>
      ),
    },
    {
      header: "Kind",
      hideOnPhone: true,
      phoneText: (m) => m.kind,
      cellClassName: "px-3 py-2 font-mono text-xs text-stone-600",
      cell: (m) => m.kind,
    },
    {
      header: "Status",
      cell: (m) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[m.status] ?? ""}`}>
          {capitalize(m.status)}
        </span>
      ),
    },
    {
      header: "Attempts",
      hideOnPhone: true,
      phoneText: (m) => m.attempts,
      align: "right",
      cellClassName: "px-3 py-2 tabular-nums",
      cell: (m) => m.attempts,
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (m) =>
        canRetry(m) ? (
          <button
            type="button"
            className="btn-outline px-3 py-1"
            onClick={() => onRetry(m)}
            aria-label={`Retry email to ${m.to_address}`}
          >
            Retry
          </button>
        ) : null,
    },
  ];
}

/** Emails queued, sent and failed, with a retry for the ones that did not go out. */
export function OutboxTab() {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState("");
  const list = useAdminList<OutboxMessage, Counts>({
    key: [...adminListKeys.outbox, { status }],
    path: () => `/api/admin/outbox?limit=200${status ? `&status=${status}` : ""}`,
    read: (data) => {
      const { messages, counts } = data as { messages: OutboxMessage[]; counts: Counts };
      return { rows: messages, meta: counts };
    },
    failure: "Failed to load the outbox",
  });
  const updateList = useUpdateCachedList<OutboxMessage>(adminListKeys.outbox);
  const counts = list.meta;

  const retry = async (message: OutboxMessage) => {
    try {
      const updated = await request<OutboxMessage>(`/api/admin/outbox/${message.id}/retry`, {
        method: "POST",
      });
      updateList(replaceById(updated));
      toast("Queued to send again");
    } catch (e) {
      toast(errorText(e, "Retry failed"), "error");
    }
  };

  const filterButton = (value: string, label: string, count?: number) => (
    <button
      key={value}
      type="button"
      aria-pressed={status === value}
      onClick={() => setStatus(value)}
      className={`rounded-full px-3 py-1 text-sm font-semibold ${status === value ? "bg-navy-800 text-white" : "bg-stone-100 text-stone-700"}`}
    >
      {label}
      {count !== undefined ? (
        <>
          {" "}
          <span className="tabular-nums opacity-75">({count})</span>
        </>
      ) : null}
    </button>
  );

  return (
    <section aria-label="Outbox" className="rounded-lg border border-stone-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 p-3">
        {filterButton("", "All")}
        {outboxStatusValues.map((s) => filterButton(s, capitalize(s), counts?.[s]))}
        <button
          type="button"
          className="btn-outline ml-auto py-1.5"
          onClick={() => void client.invalidateQueries({ queryKey: adminListKeys.outbox })}
        >
          Refresh
        </button>
      </div>
      <AdminTable
        columns={outboxColumns(retry)}
        rows={list.items}
        rowKey={(m) => m.id}
        rowClassName={() => "align-top"}
        empty={`No emails${status ? ` ${status}` : ""}.`}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        scroll={{ label: "Emails", className: "max-h-[60vh]" }}
      />
    </section>
  );
}
