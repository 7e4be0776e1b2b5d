import type { AdminJob } from "@mcf/contracts/installs";
import {
  type JobStage,
  jobFlooringLabels,
  jobStageLabels,
  jobStages,
} from "@mcf/contracts/installs-options";
import { useState } from "react";
import { useAdminList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { JobCreateForm } from "./job-create-form.tsx";
import { JobDetail } from "./job-detail.tsx";

type JobCounts = Record<string, number>;

function jobColumns(onOpen: (job: AdminJob) => void): Array<AdminColumn<AdminJob>> {
  return [
    {
      header: "Customer",
      cell: (job) => (
        <>
          <div className="font-semibold">{job.customer_name}</div>
          <div className="text-xs text-stone-600">{job.address}</div>
        </>
      ),
    },
    { header: "Stage", cell: (job) => jobStageLabels[job.stage] },
    {
      header: "Flooring",
      hideOnPhone: true,
      cell: (job) => jobFlooringLabels[job.flooring_type],
    },
    { header: "Opened", hideOnPhone: true, cell: (job) => formatShopTime(job.created_at) },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (job) => (
        <button
          type="button"
          className="btn-outline px-3 py-1"
          aria-label={`Open job of ${job.customer_name}`}
          onClick={() => onOpen(job)}
        >
          Open
        </button>
      ),
    },
  ];
}

/** Installation jobs by stage with counts and search; a job opens beside the list. */
export function JobsTab() {
  const [stage, setStage] = useState<JobStage | "">("");
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<number | "new" | null>(null);
  const params = new URLSearchParams();
  if (stage) params.set("stage", stage);
  if (search.trim()) params.set("q", search.trim());
  const list = useAdminList<AdminJob, JobCounts>({
    key: [...adminListKeys.jobs, { stage, search: search.trim() }],
    path: () => `/api/admin/jobs?${params}`,
    read: (data) => {
      const answer = data as { jobs: AdminJob[]; counts: JobCounts };
      return { rows: answer.jobs, meta: answer.counts };
    },
    failure: "Failed to load jobs",
  });
  const counts = list.meta ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <section
        aria-label="Jobs"
        className="min-w-0 rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 p-3">
          <label className="sr-only" htmlFor="job-stage-filter">
            Stage
          </label>
          <select
            id="job-stage-filter"
            className="field-input w-auto py-2"
            value={stage}
            onChange={(event) => setStage(event.target.value as JobStage | "")}
          >
            <option value="">All stages ({total})</option>
            {jobStages.map((s) => (
              <option key={s} value={s}>
                {jobStageLabels[s]} ({counts[s] ?? 0})
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="job-search">
            Search jobs
          </label>
          <input
            id="job-search"
            type="search"
            placeholder="Name, email, phone, address"
            className="field-input min-w-48 flex-1 py-2"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="button" className="btn-primary py-2" onClick={() => setOpenId("new")}>
            New job
          </button>
        </div>
        <AdminTable
          columns={jobColumns((job) => setOpenId(job.id))}
          rows={list.items}
          rowKey={(job) => job.id}
          rowClassName={(job) => (job.id === openId ? "bg-oak-50" : "")}
          empty="No jobs here yet. Turn an inquiry into a job with New job."
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
        />
      </section>
      <aside className="min-w-0">
        {openId === "new" ? (
          <JobCreateForm onCreated={(id) => setOpenId(id)} onCancel={() => setOpenId(null)} />
        ) : openId !== null ? (
          <JobDetail key={openId} jobId={openId} />
        ) : (
          <div className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">
            <p className="mb-2 font-semibold text-navy-800">How jobs work</p>
            <p>
              A job goes from the measure visit to the estimate, the customer&apos;s acceptance and
              deposit on their own page, the materials, the install date and completion. Open a job
              to move it on; every step is in its timeline.
            </p>
          </div>
        )}
      </aside>
    </div>
  );
}
