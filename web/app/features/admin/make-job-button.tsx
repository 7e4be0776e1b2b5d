import type { AdminJobDetail } from "@mcf/contracts/installs";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ErrorLine } from "./error-line.tsx";
import { useToast } from "./toast.tsx";

/** Turns an inquiry into an installation job in one click; the job then waits in the Jobs tab. */
export function MakeJobButton({ inquiryId, name }: { inquiryId: number; name: string }) {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function make() {
    setBusy(true);
    setError(null);
    try {
      const created = await request<AdminJobDetail>("/api/admin/jobs", {
        method: "POST",
        body: { inquiry_id: inquiryId },
      });
      await client.invalidateQueries({ queryKey: adminListKeys.jobs });
      toast(`Job #${created.job.id} opened for ${name}: see the Jobs tab`);
    } catch (caught) {
      setError(errorText(caught, "Failed to make a job of this inquiry"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn-outline px-3 py-1"
        disabled={busy}
        aria-label={`Make a job of the inquiry from ${name}`}
        onClick={make}
      >
        Make a job
      </button>
      <ErrorLine message={error} />
    </div>
  );
}
