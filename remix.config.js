// SONGLOOM_BUILD_DIR (inside the project, so node_modules resolve) builds elsewhere than build/ and
// public/build; server.mjs reads the same variable.
const buildRoot = process.env.SONGLOOM_BUILD_DIR ?? ".";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverBuildPath: `${buildRoot}/build/index.js`,
  assetsBuildDirectory: `${buildRoot}/public/build`,
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  postcss: true,
  // The engine and the server code use Node built-ins; keep npm packages external.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
