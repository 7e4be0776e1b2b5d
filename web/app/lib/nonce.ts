import { createContext, useContext } from "react";

/** The request's CSP nonce, provided on the server; empty in the browser (scripts already ran). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
