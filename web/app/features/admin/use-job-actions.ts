import type { AdminJobDetail } from "@mcf/contracts/installs";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { errorText } from "./admin-queries.ts";
import { adminListKeys, jobKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { useToast } from "./toast.tsx";

/**
 * Sends one change of a job and shows the job the server answered; the refusal (a past date, a
 * booked crew, acclimation) stays on screen until the next try.
 */
export function useJobActions(jobId: number) {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One action at a time, counted at the click: a double click sent a job's action twice.
  const once = useSingleFlight();

  async function send(
    path: string,
    method: "POST" | "PUT",
    body: unknown,
    done: string,
  ): Promise<boolean> {
    const sent = await once(async () => {
      setBusy(true);
      setError(null);
      try {
        const detail = await request<AdminJobDetail>(`/api/admin/jobs/${jobId}/${path}`, {
          method,
          body,
        });
        client.setQueryData(jobKey(jobId), detail);
        await client.invalidateQueries({ queryKey: adminListKeys.jobs });
        await client.invalidateQueries({ queryKey: ["admin", "calendar"] });
        toast(done);
        return true;
      } catch (caught) {
        setError(errorText(caught, "The change could not be saved"));
        return false;
      } finally {
        setBusy(false);
      }
    });
    return sent ?? false;
  }
  return { send, error, busy };
}
