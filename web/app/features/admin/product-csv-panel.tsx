import type { ProductImportResult } from "@mcf/contracts/admin";
import { notCsvReason } from "@mcf/contracts/csv-file";
import { storeToday } from "@mcf/contracts/store-today";
import { type ChangeEvent, useRef, useState } from "react";
import { AdminDialog } from "./admin-dialog.tsx";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ProductImportReport } from "./product-import-report.tsx";
import { saveFile } from "./save-file.ts";
import { useToast } from "./toast.tsx";

/** Export CSV and Import CSV (dry run first, then apply all or nothing). */
export function ProductCsvPanel({
  search,
  onImported,
}: {
  search: string;
  onImported: () => void;
}) {
  const { request, download } = useAdminSession();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [report, setReport] = useState<ProductImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    try {
      const blob = await download(
        `/api/admin/products/export.csv${search ? `?search=${encodeURIComponent(search)}` : ""}`,
      );
      saveFile(blob, `products-${storeToday()}.csv`);
    } catch {
      toast("Export failed", "error");
    }
  };

  const run = async (text: string, dryRun: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const result = await request<ProductImportResult>("/api/admin/products/import", {
        method: "POST",
        body: { csv: text, dry_run: dryRun },
      });
      setReport(result);
      if (result.applied) {
        toast(`Import applied: ${result.summary.create} created, ${result.summary.update} updated`);
        onImported();
      }
    } catch (e) {
      setError(errorText(e, "Import failed"));
    } finally {
      setBusy(false);
    }
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const text = await file.text();
    setFileName(file.name);
    setReport(null);
    // A photo or workbook picked by mistake is refused here, before it is sent: the dialog says
    // what the file looks like and offers to choose another.
    const notCsv = notCsvReason(text);
    if (notCsv) {
      setCsv("");
      setError(notCsv);
      return;
    }
    setCsv(text);
    await run(text, true);
  };

  const close = () => {
    setCsv(null);
    setReport(null);
    setError(null);
  };

  const fileField = (
    <input
      ref={fileInput}
      type="file"
      accept=".csv,text/csv"
      className="hidden"
      aria-label="CSV file to import"
      onChange={chooseFile}
    />
  );

  return (
    <>
      <button type="button" className="btn-outline py-2" onClick={exportCsv}>
        Export CSV
      </button>
      <button type="button" className="btn-outline py-2" onClick={() => fileInput.current?.click()}>
        Import CSV
      </button>
      {/* One file input: inside the dialog while it is open (the page behind it is inert). */}
      {csv === null ? fileField : null}
      {csv !== null ? (
        <AdminDialog
          label="Import products"
          onClose={close}
          className="my-6 w-[calc(100%-3rem)] max-w-5xl rounded-lg bg-white shadow-2xl"
        >
          {fileField}
          <section>
            <header className="flex items-center justify-between rounded-t-lg bg-navy-800 px-5 py-3 text-white">
              <h2 className="font-sans text-lg font-semibold text-white">
                Import products: {fileName}
              </h2>
              <button
                type="button"
                onClick={close}
                aria-label="Close import"
                className="rounded px-2 text-2xl leading-none text-white/80 hover:bg-white/10"
              >
                ×
              </button>
            </header>
            <div className="space-y-4 p-5">
              <p className="text-sm text-stone-600">
                Rows are matched by SKU; a dry run shows what would change before anything is saved.
                The <span className="font-mono">lots</span> column holds the product's dye lots as{" "}
                <span className="font-mono">code:boxes</span> pairs separated by semicolons (
                <span className="font-mono">A1203:14; B2210:6</span>): an empty cell clears them,
                and a file without the column leaves every product's lots as they are. The lots may
                hold at most the row's stock.
              </p>
              {busy ? <p className="text-sm text-stone-600">Checking the file…</p> : null}
              {error ? (
                <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
                  {error}
                </p>
              ) : null}
              {report ? <ProductImportReport report={report} /> : null}
              <div className="flex flex-wrap justify-end gap-2">
                <button
                  type="button"
                  className="btn-outline"
                  onClick={() => fileInput.current?.click()}
                  disabled={busy}
                >
                  Choose another file
                </button>
                <button type="button" className="btn-outline" onClick={close}>
                  {report?.applied ? "Done" : "Cancel"}
                </button>
                {!report?.applied ? (
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={
                      busy ||
                      !report ||
                      report.summary.error > 0 ||
                      report.summary.create + report.summary.update === 0
                    }
                    onClick={() => run(csv, false)}
                  >
                    Apply import
                  </button>
                ) : null}
              </div>
            </div>
          </section>
        </AdminDialog>
      ) : null}
    </>
  );
}
