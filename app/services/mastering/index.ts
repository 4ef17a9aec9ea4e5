// Mastering (spec 2 §2, §4, §7–9; docs/mastering.md): the public surface of the add-on's server side.
export { MASTERING_ERRORS, isMasteringErrorCode, type MasteringErrorCode } from "~/utils/mastering";
export { masteringProduct, NON_REFUNDABLE_NOTICE, type MasteringProduct } from "./product";
export { DEFAULT_INTENSITY, POLL_MS, SAMPLE_SECONDS, findMasteringFile, findMasteringFiles, shouldPoll } from "./files";
export { defaultSampleStart, clampSampleStart } from "./sample-window";
export { requestPreviews, ONE_SAMPLE_MESSAGE, type PreviewRequest, type PreviewRequestResult } from "./request-previews";
export { deleteMasteringFile } from "./delete-files";
export { renderMasteringPreviews, giveUpOnPreviews } from "./render-previews";
export { selectPreset } from "./select-preset";
export { startMaster, NOT_PAID_MESSAGE } from "./start-master";
export { renderMaster, giveUpOnMaster } from "./render-master";
export { trackMastering, masteringSync, fileView, type MasteringFileView, type PreviewView } from "./track";
export { masteredFiles } from "./mastered-audio";
export { startMasteringCheckout, markMasteringPaid, paidPurchase, paymentsAvailable, PAYMENTS_UNAVAILABLE_MESSAGE } from "./checkout";
export { masteringPresetList } from "./presets";
export { requireMasteringSong } from "./guard";
export { masteringPage, type MasteringPage, type MasteringStep } from "./page";
export { SampleFormSchema, PresetChoiceSchema } from "./forms";
