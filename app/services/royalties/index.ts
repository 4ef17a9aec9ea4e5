// Royalties from store reports (docs/money.md "Royalties"): the report formats (CSV, DDEX DSR), the generator local stores
// and the benchmark use, the chunked import, what staff do with reports and held lines, and the viewer.
export { dollarsToMicros, microsToDollars, normalizeStore, parseLine, REPORT_COLUMNS, revenueStore, USAGE_TYPES, type ParsedLine, type ReportRecord } from "./report-format";
export { generateDsrReport, generateRoyaltyReport, liveReportTracks, STORE_RATES, type GenerateDsrOptions, type GeneratedReport, type GenerateOptions, type ReportTrack } from "./generator.server";
export { DSR_CELLS, DSR_PROFILE } from "./dsr-format";
export { CHUNK_LINES, creatorShareBasisPoints, importReport, registerReport, ReportImportError, royaltyReportsDir, scanReportInbox, type ImportSummary, type ReportLine } from "./import.server";
export { approveHeldLine, processReport, type ProcessRequest, type ProcessResult } from "./staff.server";
export { heldLines, RecordsQuerySchema, royaltyRecords, royaltyReportList, type RecordsPage, type RecordsQuery, type RoyaltyRecord } from "./viewer.server";
export { PAGE_SIZES, ROYALTY_DEFAULT_DAYS, ROYALTY_MIN_DATE } from "./constants";
