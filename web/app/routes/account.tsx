import type {
  AccountOrder,
  Project,
  SavedAddress,
  SavedProduct,
  ShopperAccount,
} from "@mcf/contracts/accounts";
import { jobStageLabels } from "@mcf/contracts/installs-options";
import { useCallback, useEffect, useState } from "react";
import { Link, type MetaArgs, useLocation, useNavigate } from "react-router";
import { AccountAddresses } from "../features/account/account-addresses.tsx";
import { AccountOrders } from "../features/account/account-orders.tsx";
import { AccountProjects } from "../features/account/account-projects.tsx";
import { AccountSettings } from "../features/account/account-settings.tsx";
import { SignInPanel } from "../features/account/sign-in-panel.tsx";
import { ApiError, api } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { forgetSignedIn, mayBeSignedIn } from "../lib/shopper-session.ts";

export const meta = ({ matches }: MetaArgs) => [
  ...pageMeta(matches, pageTitles.account, "Your orders, projects and saved floors."),
  { name: "robots", content: "noindex" },
];

interface AccountData {
  account: ShopperAccount;
  orders: AccountOrder[];
  addresses: SavedAddress[];
  projects: Project[];
  saved: SavedProduct[];
  jobs: Array<{ id: number; stage: string; created_at: string; url: string }>;
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-stone-200 bg-white p-5 sm:p-8"
    >
      <h2 id={id} className="mb-4 text-xl font-semibold text-navy-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /account: sign in by an emailed link, then the shopper's orders, projects and settings. */
export default function AccountPage() {
  const navigate = useNavigate();
  // The order confirmation passes the order's email along, so the form starts filled in.
  const location = useLocation();
  const passedEmail = (location.state as { email?: unknown } | null)?.email;
  const [state, setState] = useState<"loading" | "signed-out" | "error" | AccountData>("loading");

  const load = useCallback(async () => {
    if (!mayBeSignedIn()) {
      setState("signed-out");
      return;
    }
    try {
      const account = await api<ShopperAccount>("/api/account");
      const [orders, addresses, projects, saved, jobs] = await Promise.all([
        api<{ orders: AccountOrder[] }>("/api/account/orders"),
        api<{ addresses: SavedAddress[] }>("/api/account/addresses"),
        api<{ projects: Project[] }>("/api/account/projects"),
        api<{ products: SavedProduct[] }>("/api/account/saved-products"),
        api<{ jobs: AccountData["jobs"] }>("/api/account/installation-jobs"),
      ]);
      setState({
        account,
        orders: orders.orders,
        addresses: addresses.addresses,
        projects: projects.projects,
        saved: saved.products,
        jobs: jobs.jobs,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        forgetSignedIn();
        setState("signed-out");
      } else setState("error");
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function signOut() {
    await api("/api/account/session", { method: "DELETE" }).catch(() => {});
    forgetSignedIn();
    setState("signed-out");
    navigate("/account", { replace: true });
  }

  if (state === "loading")
    return (
      <div className="container-page py-20 text-center">
        <h1 className="mb-2 text-3xl font-bold text-navy-800">My account</h1>
        <p role="status" className="text-stone-600">
          Loading your account...
        </p>
      </div>
    );
  if (state === "error")
    return (
      <p role="alert" className="container-page py-20 text-center text-stone-800">
        We could not load your account. Please refresh the page.
      </p>
    );
  if (state === "signed-out")
    return (
      <div className="container-page py-10 sm:py-16">
        <SignInPanel
          onSignedIn={() => void load()}
          initialEmail={typeof passedEmail === "string" ? passedEmail : ""}
        />
      </div>
    );

  const data = state;
  const update = (patch: Partial<AccountData>) => setState({ ...data, ...patch });
  return (
    <div className="container-page max-w-4xl space-y-6 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-navy-800">My account</h1>
          <p className="text-stone-600">{data.account.email}</p>
        </div>
        <button type="button" className="btn-outline" onClick={signOut}>
          Sign out
        </button>
      </div>
      <Section id="orders-heading" title="Orders">
        <AccountOrders orders={data.orders} />
      </Section>
      <Section id="projects-heading" title="Projects">
        <AccountProjects
          projects={data.projects}
          saved={data.saved}
          onChange={(projects) => update({ projects })}
        />
      </Section>
      <Section id="saved-heading" title="Saved floors">
        {data.saved.length === 0 ? (
          <p className="text-stone-600">
            Tap the heart on a floor to keep it here.{" "}
            <Link to="/products" className="font-semibold text-oak-700 hover:underline">
              Browse floors
            </Link>
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.saved.map((product) => (
              <li key={product.product_id}>
                <Link
                  to={`/products/${product.product_id}`}
                  className="flex items-center gap-3 rounded-lg border border-stone-200 p-3 hover:border-oak-500"
                >
                  {product.image_url ? (
                    <img
                      src={product.image_url}
                      alt=""
                      width={56}
                      height={56}
                      className="h-14 w-14 rounded object-cover"
                    />
                  ) : null}
                  <span className="font-semibold text-navy-800">{product.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="addresses-heading" title="Addresses">
        <AccountAddresses
          addresses={data.addresses}
          onChange={(addresses) => update({ addresses })}
        />
      </Section>
      {data.jobs.length > 0 ? (
        <Section id="jobs-heading" title="Installation">
          <ul className="space-y-2">
            {data.jobs.map((job) => (
              <li key={job.id}>
                <Link to={job.url} className="font-semibold text-oak-700 hover:underline">
                  Installation job #{job.id}
                </Link>{" "}
                <span className="text-sm text-stone-600">
                  · {jobStageLabels[job.stage as keyof typeof jobStageLabels] ?? job.stage}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="settings-heading" title="Settings">
        <AccountSettings account={data.account} onChange={(account) => update({ account })} />
      </Section>
    </div>
  );
}
