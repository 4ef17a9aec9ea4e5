// The Content-Security-Policy nonce of the response being rendered (issue 16, ADR 017). entry.server.tsx
// provides it from the load context server.mjs passes; inline scripts (Remix's <Scripts>, <ScrollRestoration>,
// ours) carry it so the policy lets them run. In the browser it is empty: scripts added after hydration
// are modules from our origin, which the policy allows without a nonce.
import { createContext, useContext } from "react";
import { config as configureZod } from "zod";

// The policy allows no eval either. Zod probes for it (`new Function("")`, caught, yet reported as a
// violation) when it builds an object schema, to compile faster parsers; jitless skips the probe. Here,
// because root.tsx imports this module before any route module builds a schema (a side-effect-only
// module would be dropped from the bundle: package.json says sideEffects: false). The server keeps the
// compiled parsers: no policy applies there.
if (typeof document !== "undefined") configureZod({ jitless: true });

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
