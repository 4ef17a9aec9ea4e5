// The Content-Security-Policy nonce of the response being rendered (issue 16, ADR 017). entry.server.tsx
// provides it from the load context server.mjs passes; inline scripts (Remix's <Scripts>, <ScrollRestoration>,
// ours) carry it so the policy lets them run. In the browser it is empty: scripts added after hydration
// are modules from our origin, which the policy allows without a nonce.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
