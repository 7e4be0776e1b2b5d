import type { StaffMember } from "@mcf/contracts/staff";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { ApiError, type ApiRequestOptions, api } from "../../lib/api.ts";

/**
 * Where the one-password back office used to keep its password. Sessions now live in an HttpOnly
 * cookie the page cannot read, so a value left here by an older version is wiped.
 */
const legacyStorageKey = "mcf_admin_password";

type SessionState = "checking" | "signed-out" | "signed-in";

interface AdminSession {
  state: SessionState;
  /** Who is signed in (name and role decide the tabs), or null. */
  staff: StaffMember | null;
  /** Signs in (an empty email means the shop password); resolves to an error message or null. */
  signIn(email: string, password: string): Promise<string | null>;
  /** Ends this browser's session. */
  signOut(): void;
  /** Ends every session of the signed-in staff member, on every device. */
  signOutEverywhere(): Promise<void>;
  /** Calls an admin API path with the session cookie; a 401 signs the tab out. */
  request<T>(path: string, options?: ApiRequestOptions): Promise<T>;
  /** A file download from an admin path (the cookie goes with it). */
  download(path: string): Promise<Blob>;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

function forgetLegacyPassword() {
  try {
    window.sessionStorage.removeItem(legacyStorageKey);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [staff, setStaff] = useState<StaffMember | null>(null);
  const [state, setState] = useState<SessionState>("checking");

  const signedOut = useCallback(() => {
    setStaff(null);
    setState("signed-out");
  }, []);

  const signOut = useCallback(() => {
    signedOut();
    void api("/api/admin/session", { method: "DELETE" }).catch(() => undefined);
  }, [signedOut]);

  const signIn = useCallback(async (email: string, password: string) => {
    try {
      const member = await api<StaffMember>("/api/admin/session", {
        method: "POST",
        body: { email: email.trim() || null, password },
      });
      setStaff(member);
      setState("signed-in");
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.detail) return error.detail;
      return error instanceof Error ? error.message : "Sign-in failed";
    }
  }, []);

  useEffect(() => {
    forgetLegacyPassword();
    api<StaffMember>("/api/admin/session")
      .then((member) => {
        setStaff(member);
        setState("signed-in");
      })
      .catch(() => signedOut());
  }, [signedOut]);

  const request = useCallback(
    async <T,>(path: string, options: ApiRequestOptions = {}) => {
      try {
        return await api<T>(path, options);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) signedOut();
        throw error;
      }
    },
    [signedOut],
  );

  const signOutEverywhere = useCallback(async () => {
    await request("/api/admin/session/sign-out-everywhere", { method: "POST" });
    signedOut();
  }, [request, signedOut]);

  const download = useCallback(
    async (path: string) => {
      const response = await fetch(path, { credentials: "same-origin" });
      if (response.status === 401) signedOut();
      if (!response.ok)
        throw new ApiError(response.status, `Download failed with status ${response.status}`);
      return response.blob();
    },
    [signedOut],
  );

  const value = useMemo(
    () => ({ state, staff, signIn, signOut, signOutEverywhere, request, download }),
    [state, staff, signIn, signOut, signOutEverywhere, request, download],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error("useAdminSession needs AdminSessionProvider");
  return session;
}
