import { storeToday } from "@mcf/contracts/store-today";
import { useState } from "react";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { saveFile } from "./save-file.ts";

/** Orders and customers of a date range as CSV files (this month so far unless changed). */
export function ExportPanel() {
  const { download } = useAdminSession();
  const [from, setFrom] = useState(() => `${storeToday().slice(0, 8)}01`);
  const [to, setTo] = useState(() => storeToday());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportCsv = async (what: "orders" | "customers") => {
    setBusy(true);
    setError(null);
    try {
      const query = new URLSearchParams({ from, to });
      saveFile(
        await download(`/api/admin/exports/${what}.csv?${query}`),
        `${what}-${from}-to-${to}.csv`,
      );
    } catch (e) {
      setError(errorText(e, "The export failed. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      aria-label="Export as CSV"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => event.preventDefault()}
    >
      <div>
        <label htmlFor="export-from" className="field-label">
          From
        </label>
        <input
          id="export-from"
          type="date"
          className="field-input"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="export-to" className="field-label">
          To
        </label>
        <input
          id="export-to"
          type="date"
          className="field-input"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <button
        type="button"
        className="btn-outline"
        disabled={busy}
        onClick={() => exportCsv("orders")}
      >
        Export orders
      </button>
      <button
        type="button"
        className="btn-outline"
        disabled={busy}
        onClick={() => exportCsv("customers")}
      >
        Export customers
      </button>
      {error ? (
        <p role="alert" className="w-full rounded bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
