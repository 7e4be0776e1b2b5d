// Installation job stages and flooring kinds without zod, for browser code (as orders-options.ts are).

/** Every stage of an installation job, in the order a job normally goes through them. */
export const jobStages = [
  "new",
  "measure_scheduled",
  "estimate_sent",
  "estimate_accepted",
  "deposit_paid",
  "materials_ready",
  "install_scheduled",
  "completed",
  "cancelled",
] as const;
export type JobStage = (typeof jobStages)[number];

/** What staff and customers read for each stage. */
export const jobStageLabels: Record<JobStage, string> = {
  new: "New",
  measure_scheduled: "Measure scheduled",
  estimate_sent: "Estimate sent",
  estimate_accepted: "Estimate accepted",
  deposit_paid: "Deposit paid",
  materials_ready: "Materials ready",
  install_scheduled: "Install scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The flooring an installation lays; it decides how long the boxes acclimate on site. */
export const jobFlooringTypes = [
  "solid_hardwood",
  "engineered_hardwood",
  "laminate",
  "vinyl",
  "tile",
  "carpet",
] as const;
export type JobFlooringType = (typeof jobFlooringTypes)[number];

export const jobFlooringLabels: Record<JobFlooringType, string> = {
  solid_hardwood: "Solid hardwood",
  engineered_hardwood: "Engineered hardwood",
  laminate: "Laminate",
  vinyl: "Vinyl",
  tile: "Tile",
  carpet: "Carpet",
};
