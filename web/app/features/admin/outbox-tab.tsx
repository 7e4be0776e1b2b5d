import {
  type OutboxMessage,
  type OutboxMessageDetail,
  outboxStatusValues,
} from "@mcf/contracts/admin";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AdminDialog } from "./admin-dialog.tsx";
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

function outboxColumns(
  onRetry: (m: OutboxMessage) => void,
  onOpen: (m: OutboxMessage) => void,
): Array<AdminColumn<OutboxMessage>> {
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
          <button
            type="button"
            className="min-h-6 text-left font-medium text-navy-800 underline-offset-2 hover:underline"
            onClick={() => onOpen(m)}
            aria-label={`Open email “${m.subject}” to ${m.to_address}`}
          >
            {m.subject}
          </button>
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
  const [opened, setOpened] = useState<OutboxMessage | null>(null);
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
        columns={outboxColumns(retry, setOpened)}
        rows={list.items}
        rowKey={(m) => m.id}
        rowClassName={() => "align-top"}
        empty={`No emails${status ? ` ${status}` : ""}.`}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        scroll={{ label: "Emails", className: "max-h-[60vh]" }}
      />
      {opened ? <MessageDialog message={opened} onClose={() => setOpened(null)} /> : null}
    </section>
  );
}

/** One email as its reader got it: the plain-text body (never its HTML, shown as text is safe). */
function MessageDialog({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const { request } = useAdminSession();
  const [detail, setDetail] = useState<OutboxMessageDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    request<OutboxMessageDetail>(`/api/admin/outbox/${message.id}`)
      .then((found) => live && setDetail(found))
      .catch((e) => live && setError(errorText(e, "Could not open the email")));
    return () => {
      live = false;
    };
  }, [message.id, request]);
  return (
    <AdminDialog
      label={`Email: ${message.subject}`}
      onClose={onClose}
      className="mx-auto my-6 w-[calc(100%-2rem)] max-w-3xl rounded-lg bg-white shadow-2xl"
    >
      <header className="flex items-start justify-between gap-3 rounded-t-lg bg-navy-800 px-5 py-3 text-white">
        <div className="min-w-0">
          <h2 className="font-sans text-lg font-semibold break-words text-white">
            {message.subject}
          </h2>
          <p className="text-sm break-words text-white/85">
            To {message.to_address} · {capitalize(message.status)} ·{" "}
            {formatShopTime(message.sent_at ?? message.created_at)}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded px-2 text-2xl leading-none text-white hover:bg-white/10"
          aria-label="Close email"
          data-autofocus
        >
          ×
        </button>
      </header>
      <div className="max-h-[70vh] overflow-y-auto px-5 py-4">
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : !detail ? (
          <p role="status" className="text-stone-600">
            Opening the email...
          </p>
        ) : (
          <>
            {detail.reply_to ? (
              <p className="mb-2 text-sm text-stone-600">Replies go to {detail.reply_to}</p>
            ) : null}
            {detail.attachments.length > 0 ? (
              <p className="mb-2 text-sm text-stone-600">
                Attached: {detail.attachments.map((a) => a.filename).join(", ")}
              </p>
            ) : null}
            <pre
              className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-stone-900"
              data-testid="email-body"
            >
              {detail.text}
            </pre>
          </>
        )}
      </div>
    </AdminDialog>
  );
}
