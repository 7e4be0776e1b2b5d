import type { AdminClaim } from "@mcf/contracts/claims";
import { useEffect, useState } from "react";
import { capitalize } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { LeadFollowUp } from "./lead-follow-up.tsx";

/** The photos of a claim, fetched with the admin password and shown as thumbnails that open full size. */
function ClaimPhotos({ claim }: { claim: AdminClaim }) {
  const { download } = useAdminSession();
  const [urls, setUrls] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string[] = [];
    let live = true;
    Promise.all(
      claim.photos.map((photo) => download(`/api/admin/claims/${claim.id}/photos/${photo.index}`)),
    )
      .then((blobs) => {
        made = blobs.map((blob) => URL.createObjectURL(blob));
        if (live) setUrls(made);
        else for (const url of made) URL.revokeObjectURL(url);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [claim.id, claim.photos, download]);
  if (claim.photos.length === 0) return <p className="text-xs text-stone-600">No photos sent.</p>;
  if (failed) return <p className="text-xs text-red-800">The photos could not be loaded.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Claim photos">
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img
              src={url}
              alt={`Evidence ${index + 1} of ${claim.photos.length} sent with the claim`}
              width={96}
              height={96}
              className="h-24 w-24 rounded border border-stone-200 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One damage or shortage claim: the order, what the customer reported, photos, follow-up. */
export function ClaimCard({
  claim,
  onSaved,
}: {
  claim: AdminClaim;
  onSaved: (claim: AdminClaim) => void;
}) {
  const kind = claim.kind === "damage" ? "Damage" : "Shortage";
  return (
    <article
      aria-label={`${kind} claim on ${claim.friendly_order_id}`}
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline gap-2">
        <h3 className="font-sans text-base font-semibold">
          {kind} claim · {claim.friendly_order_id}
        </h3>
        <span className="rounded-full bg-oak-100 px-2 py-0.5 text-xs font-semibold text-oak-700">
          {capitalize(claim.status)}
        </span>
        <span className="ml-auto text-xs text-stone-600">{formatShopTime(claim.created_at)}</span>
      </header>
      <p className="text-sm">
        {claim.customer_name} ·{" "}
        <a className="text-oak-700 underline" href={`mailto:${claim.customer_email}`}>
          {claim.customer_email}
        </a>{" "}
        · <a href={`tel:${claim.customer_phone}`}>{claim.customer_phone}</a>
      </p>
      <p className="text-sm">
        <span className="font-semibold">
          {claim.boxes_affected} of {claim.total_cartons} boxes
        </span>
        {claim.shipping_carrier
          ? ` · ${claim.shipping_carrier}${claim.tracking_number ? ` ${claim.tracking_number}` : ""}`
          : ""}
      </p>
      <p className="rounded bg-cream p-3 text-sm whitespace-pre-line">{claim.description}</p>
      <ClaimPhotos claim={claim} />
      <LeadFollowUp kind="claims" lead={claim} onSaved={onSaved} />
    </article>
  );
}
