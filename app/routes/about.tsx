// /about is an alias of /pricing (spec 2 §2): the same page at both addresses.
export { default, ErrorBoundary, handle, loader, meta } from "./pricing";
