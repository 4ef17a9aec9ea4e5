// Typed access to the root loader's data from any component, including error boundaries (where the root
// loader may have failed, so everything here is optional).
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The signed-in user's summary, or null when signed out (or when the root loader failed). */
export function useOptionalUser(): RootData["user"] {
  return useRootData()?.user ?? null;
}

/** Whether a feature flag the browser needs is on (only flags listed in CLIENT_FLAGS reach the browser). */
export function useFlag(key: string): boolean {
  return useRootData()?.flags.includes(key) ?? false;
}
