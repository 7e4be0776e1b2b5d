import type { PartnerRegistration, PartnerUser } from "@mcf/contracts/partners";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { readAceToken, storeAceToken } from "../../lib/ace-token.ts";
import { ApiError, api, apiCall } from "../../lib/api.ts";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { pricesForAudience } from "../../lib/cart/cart-repricing.ts";
import { loginPathFor } from "./ace-redirect.ts";

export const userFetchRetryMs = 1000;
const tokenHeader = "x-ace-token";

export interface AceAuthValue {
  /** True until the stored token has been checked (after hydration). */
  loading: boolean;
  user: PartnerUser | null;
  token: string | null;
  login(email: string, password: string): Promise<void>;
  register(payload: PartnerRegistration): Promise<void>;
  /** Always clears the session and goes to /ace, even when the server call fails. */
  logout(): Promise<void>;
  /** True while logout is taking the visitor to /ace (protected pages do not redirect meanwhile). */
  loggingOut: boolean;
  setUser(user: PartnerUser): void;
}

const AceAuthContext = createContext<AceAuthValue | null>(null);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchUser(token: string): Promise<PartnerUser> {
  return api<PartnerUser>("/api/ace/me", { token });
}

/** Fetches the user; a failure is retried once after 1 s. */
async function fetchUserWithRetry(token: string): Promise<PartnerUser> {
  try {
    return await fetchUser(token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    await wait(userFetchRetryMs);
    return fetchUser(token);
  }
}

/** The partner session: token in localStorage, user from /api/ace/me. */
export function AceAuthProvider({ children }: { children: React.ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [loggingOut, setLoggingOut] = useState(false);
  const [user, setUserState] = useState<PartnerUser | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const navigate = useNavigate();
  const mounted = useRef(true);
  const cart = useCart();
  const cartItems = useRef(cart.items);
  cartItems.current = cart.items;
  const { applyPrices } = cart;
  /** Cart lines follow the signed-in audience: partner prices for an approved partner only. */
  const repriceCart = useCallback(
    (partnerToken: string | null) => {
      void pricesForAudience(cartItems.current, partnerToken).then(applyPrices);
    },
    [applyPrices],
  );

  useEffect(() => {
    mounted.current = true;
    const stored = readAceToken();
    if (!stored) {
      setLoading(false);
      return;
    }
    setToken(stored);
    fetchUserWithRetry(stored)
      .then((fetched) => {
        if (mounted.current) setUserState(fetched);
      })
      .catch((error: unknown) => {
        console.error("Could not load the partner account", error);
        // A 401 on the first fetch means the token is dead: forget it.
        if (error instanceof ApiError && error.status === 401) {
          storeAceToken(null);
          if (mounted.current) setToken(null);
        }
      })
      .finally(() => {
        if (mounted.current) setLoading(false);
      });
    return () => {
      mounted.current = false;
    };
  }, []);

  const startSession = useCallback(
    async (newToken: string | null) => {
      if (!newToken) throw new ApiError(0, "The server did not return a session");
      storeAceToken(newToken);
      setToken(newToken);
      try {
        const fetched = await fetchUserWithRetry(newToken);
        setUserState(fetched);
        if (fetched.status === "approved") repriceCart(newToken);
      } catch (error) {
        console.error("Could not load the partner account", error);
        setUserState(null);
      }
    },
    [repriceCart],
  );

  const login = useCallback<AceAuthValue["login"]>(
    async (email, password) => {
      const response = await apiCall<PartnerUser>("/api/ace/auth/login", {
        method: "POST",
        body: { email, password },
      });
      await startSession(response.headers.get(tokenHeader));
    },
    [startSession],
  );

  const register = useCallback<AceAuthValue["register"]>(
    async (payload) => {
      const response = await apiCall<PartnerUser>("/api/ace/auth/register", {
        method: "POST",
        body: payload,
      });
      await startSession(response.headers.get(tokenHeader));
    },
    [startSession],
  );

  const logout = useCallback(async () => {
    const current = token ?? readAceToken();
    setLoggingOut(true);
    storeAceToken(null);
    setToken(null);
    setUserState(null);
    repriceCart(null);
    // The server call must not delay or undo the local sign-out.
    const revoke = current
      ? api("/api/ace/auth/logout", { method: "POST", token: current }).catch((error) =>
          console.error("Logout call failed; the local session is cleared anyway", error),
        )
      : Promise.resolve();
    await navigate("/ace");
    setLoggingOut(false);
    await revoke;
  }, [token, navigate, repriceCart]);

  const value = useMemo<AceAuthValue>(
    () => ({ loading, user, token, login, register, logout, loggingOut, setUser: setUserState }),
    [loading, user, token, login, register, logout, loggingOut],
  );
  return <AceAuthContext.Provider value={value}>{children}</AceAuthContext.Provider>;
}

export function useAceAuth(): AceAuthValue {
  const value = useContext(AceAuthContext);
  if (!value) throw new Error("useAceAuth must be used inside AceAuthProvider");
  return value;
}

/**
 * For protected partner pages: once the session is known, a signed-out visitor is sent to
 * /ace/login carrying the page they came from. Returns the auth state.
 */
export function useRequirePartner(): AceAuthValue {
  const auth = useAceAuth();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!auth.loading && !auth.user && !auth.loggingOut) {
      navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
    }
  }, [auth.loading, auth.user, auth.loggingOut, navigate, location.pathname, location.search]);
  return auth;
}
