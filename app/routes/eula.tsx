// /eula is an alias of /terms (spec 3 §2): the same page at both addresses.
export { default, ErrorBoundary, handle, meta } from "./terms";
