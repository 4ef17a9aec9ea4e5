// Royalty viewer constants (spec 3 §2, §9) the pages render in the browser too, so not in a .server module.
export const ROYALTY_MIN_DATE = "2019-01-01";
export const ROYALTY_DEFAULT_DAYS = 7;
export const PAGE_SIZES = [10, 25, 50] as const;
