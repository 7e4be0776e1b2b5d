import {
  type AdminContactMessage,
  type AdminInquiry,
  leadStatusValues,
} from "@mcf/contracts/admin";
import type { AdminClaim } from "@mcf/contracts/claims";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import { replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { ClaimCard } from "./claim-card.tsx";
import { KindList } from "./kind-list.tsx";
import { type Lead, LeadCard } from "./lead-card.tsx";
import type { LeadKind } from "./lead-follow-up.tsx";

const kinds = [
  ["inquiries", "Project inquiries"],
  ["contact-messages", "Contact messages"],
  ["claims", "Delivery claims"],
] as const;

const statusOptions = [
  ["", "All statuses"],
  ...leadStatusValues.map((value) => [value, capitalize(value)] as const),
] as const;

type InboxItem = Lead | AdminClaim;

/**
 * Project inquiries, contact messages and damage or shortage claims, newest first, each with a follow-up status and note.
 * Leads are cards, not table rows: each carries a message and a small form of its own.
 */
export function InboxTab() {
  const [kind, setKind] = useState<LeadKind>("inquiries");
  const [status, setStatus] = useState("");
  const list = useAdminList<InboxItem>({
    key: [...adminListKeys.inbox, kind, { status }],
    path: () => {
      const params = new URLSearchParams({ limit: "200" });
      if (status) params.set("status", status);
      return `/api/admin/${kind}?${params}`;
    },
    read: (data) => {
      const { inquiries, messages, claims } = data as {
        inquiries?: AdminInquiry[];
        messages?: AdminContactMessage[];
        claims?: AdminClaim[];
      };
      return { rows: inquiries ?? messages ?? claims ?? [], meta: undefined };
    },
    failure: "Failed to load the inbox",
    keepRowsWhileLoading: false,
  });
  const updateList = useUpdateCachedList<InboxItem>([...adminListKeys.inbox, kind]);

  return (
    <KindList
      label="Inbox"
      kinds={kinds}
      kind={kind}
      onKind={setKind}
      statuses={statusOptions}
      status={status}
      onStatus={setStatus}
      list={{ ...list, count: list.items.length }}
      empty="Nothing here yet."
    >
      {list.items.map((item) =>
        "kind" in item ? (
          <ClaimCard
            key={`claims-${item.id}`}
            claim={item}
            onSaved={(saved) => updateList(replaceById<InboxItem>(saved))}
          />
        ) : (
          <LeadCard
            key={`${kind}-${item.id}`}
            kind={kind}
            lead={item}
            onSaved={(saved) => updateList(replaceById<InboxItem>(saved))}
          />
        ),
      )}
    </KindList>
  );
}
