import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { ApiError, type ApiRequestOptions, api, apiCall } from "../../lib/api.ts";

/** The password lives in sessionStorage: it lasts for this tab's session only. */
const storageKey = "mcf_admin_password";

type SessionState = "checking" | "signed-out" | "signed-in";

interface AdminSession {
  state: SessionState;
  /** The signed-in password (for components that call the API themselves). */
  password: string | null;
  /** Checks the password with the server (ping); resolves to an error message or null. */
  signIn(password: string): Promise<string | null>;
  signOut(): void;
  /** Calls an admin API path with the password attached; a 401 signs the tab out. */
  request<T>(path: string, options?: Omit<ApiRequestOptions, "adminPassword">): Promise<T>;
  /** Like request, but returns the raw Response (file downloads). */
  download(path: string): Promise<Blob>;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function writeStored(password: string | null) {
  try {
    if (password) window.sessionStorage.setItem(storageKey, password);
    else window.sessionStorage.removeItem(storageKey);
  } catch {
    // Storage blocked: the session then lasts until the page reloads.
  }
}

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [password, setPassword] = useState<string | null>(null);
  const [state, setState] = useState<SessionState>("checking");

  const signOut = useCallback(() => {
    writeStored(null);
    setPassword(null);
    setState("signed-out");
  }, []);

  const signIn = useCallback(async (candidate: string) => {
    try {
      await apiCall("/api/admin/ping", { adminPassword: candidate });
      writeStored(candidate);
      setPassword(candidate);
      setState("signed-in");
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return "Invalid password";
      return error instanceof Error ? error.message : "Sign-in failed";
    }
  }, []);

  useEffect(() => {
    const stored = readStored();
    if (!stored) {
      setState("signed-out");
      return;
    }
    void signIn(stored).then((error) => {
      if (error) signOut();
    });
  }, [signIn, signOut]);

  const request = useCallback(
    async <T,>(path: string, options: Omit<ApiRequestOptions, "adminPassword"> = {}) => {
      try {
        return await api<T>(path, { ...options, adminPassword: password });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) signOut();
        throw error;
      }
    },
    [password, signOut],
  );

  const download = useCallback(
    async (path: string) => {
      const response = await fetch(path, { headers: { "admin-password": password ?? "" } });
      if (response.status === 401) signOut();
      if (!response.ok)
        throw new ApiError(response.status, `Download failed with status ${response.status}`);
      return response.blob();
    },
    [password, signOut],
  );

  const value = useMemo(
    () => ({ state, password, signIn, signOut, request, download }),
    [state, password, signIn, signOut, request, download],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error("useAdminSession needs AdminSessionProvider");
  return session;
}
