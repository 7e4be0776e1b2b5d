import { type OutboxMessage, outboxStatusValues } from "@mcf/contracts/admin";
import { useEffect, useState } from "react";
import { isAbortError } from "../../lib/api.ts";
import { capitalize } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { ScrollRegion } from "./scroll-region.tsx";
import { useToast } from "./toast.tsx";

type Counts = Record<(typeof outboxStatusValues)[number], number>;

const badge: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-800",
  sent: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

/** Emails queued, sent and failed, with a retry for the ones that did not go out. */
export function OutboxTab() {
  const { request } = useAdminSession();
  const toast = useToast();
  const [status, setStatus] = useState("");
  const [messages, setMessages] = useState<OutboxMessage[]>([]);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    request<{ messages: OutboxMessage[]; counts: Counts }>(
      `/api/admin/outbox?limit=200${status ? `&status=${status}` : ""}`,
      {
        signal: controller.signal,
      },
    )
      .then((data) => {
        setMessages(data.messages);
        setCounts(data.counts);
        setError(null);
      })
      .catch((e) => {
        if (!isAbortError(e))
          setError(e instanceof Error ? e.message : "Failed to load the outbox");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [request, status, reloadKey]);

  const retry = async (message: OutboxMessage) => {
    try {
      const updated = await request<OutboxMessage>(`/api/admin/outbox/${message.id}/retry`, {
        method: "POST",
      });
      setMessages((list) => list.map((m) => (m.id === updated.id ? updated : m)));
      toast("Queued to send again");
    } catch (e) {
      toast(e instanceof Error ? e.message : "Retry failed", "error");
    }
  };

  return (
    <section aria-label="Outbox" className="rounded-lg border border-stone-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 p-3">
        <button
          type="button"
          aria-pressed={status === ""}
          onClick={() => setStatus("")}
          className={`rounded-full px-3 py-1 text-sm font-semibold ${status === "" ? "bg-navy-800 text-white" : "bg-stone-100 text-stone-700"}`}
        >
          All
        </button>
        {outboxStatusValues.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className={`rounded-full px-3 py-1 text-sm font-semibold ${status === s ? "bg-navy-800 text-white" : "bg-stone-100 text-stone-700"}`}
          >
            {capitalize(s)}{" "}
            {counts ? <span className="tabular-nums opacity-75">({counts[s]})</span> : null}
          </button>
        ))}
        <button
          type="button"
          className="btn-outline ml-auto py-1.5"
          onClick={() => setReloadKey((k) => k + 1)}
        >
          Refresh
        </button>
      </div>
      {error ? <p className="m-3 rounded bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      <ScrollRegion label="Emails" className="max-h-[60vh]">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th className="px-3 py-2">Queued</th>
              <th className="px-3 py-2">To</th>
              <th className="px-3 py-2">Subject</th>
              <th className="px-3 py-2">Kind</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2 text-right">Attempts</th>
              <th className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.id} className="border-t border-stone-100 align-top">
                <td className="px-3 py-2 whitespace-nowrap text-stone-600">
                  {formatShopTime(m.created_at)}
                </td>
                <td className="px-3 py-2">{m.to_address}</td>
                <td className="px-3 py-2">
                  {m.subject}
                  {m.last_error && m.status !== "sent" ? (
                    <div className="text-xs text-red-700">{m.last_error}</div>
                  ) : null}
                  {m.sent_at ? (
                    <div className="text-xs text-stone-600">Sent {formatShopTime(m.sent_at)}</div>
                  ) : null}
                </td>
                <td className="px-3 py-2 font-mono text-xs text-stone-600">{m.kind}</td>
                <td className="px-3 py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[m.status] ?? ""}`}
                  >
                    {capitalize(m.status)}
                  </span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{m.attempts}</td>
                <td className="px-3 py-2 text-right">
                  {m.status === "failed" || (m.status === "pending" && m.attempts > 0) ? (
                    <button
                      type="button"
                      className="btn-outline px-3 py-1"
                      onClick={() => retry(m)}
                      aria-label={`Retry email to ${m.to_address}`}
                    >
                      Retry
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
            {!loading && messages.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-10 text-center text-stone-600">
                  No emails{status ? ` ${status}` : ""}.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
