// The admin console's server workflows (issue 21). Routes import from here; every write records itself
// through recordAdminAction (audit.ts) in the same transaction.
export { recordAdminAction } from "./audit";
export { addAnnotation, AnnotationBodySchema, listAnnotations, removeAnnotation } from "./annotations";
export { banUser, unbanUser } from "./ban";
export {
  ActionTargetsSchema,
  CONFIRMED_ACTION_NAMES,
  CONFIRMED_ACTIONS,
  isConfirmedAction,
  RELEASE_LABEL_DESCRIPTIONS,
  RELEASE_LABELS,
  SETTABLE_ACCOUNT_STATUSES,
  WITHDRAWAL_STATUSES,
  type ConfirmedAction,
} from "./confirmed-actions";
export { CONFIRMATION_TTL_MINUTES } from "./confirmations";
export { AdminActionError } from "./errors";
export { locateDevices } from "./geo.server";
export { prepareConfirmedAction, runConfirmedAction, type PreparedConfirmation } from "./run-confirmed-action";
export { ADMIN_SESSION_HOURS, completeEnrolment, passChallenge, secondFactorState } from "./second-factor";
export { getUserDetails, listUserDeviceRows, listUserEvents, type UserDetails } from "./user-details";
export { DEFAULT_PAGE_SIZE, LookupQuerySchema, lookUpUsers, PAGE_SIZES } from "./user-lookup";
export { ensureUserTag, listUserTagNames, tagsOfUser, tagUsers, untagUser, UserTagNameSchema } from "./user-tags";
export { createQuestion, createTopic, FaqQuestionSchema, FaqTopicSchema, listFaqsForStaff, moveFaqItem, updateQuestion, updateTopic } from "./faqs";
export { listFeatureFlags, switchFeatureFlag } from "./feature-flags";
export { songStats, STATS_DAYS, userLevelCounts, userStats } from "./stats";
export { searchSongs, setSongFeatured, setSongPrivate, SongSearchSchema, STAFF_SONG_URL_MINUTES, STAFF_SONG_URL_TYPES, staffSongUrls, verifyStaffSongUrl, type StaffSongUrlType } from "./songs";
export { changeStaffRole, listRolesForStaff } from "./roles";
export { setDeviceBannedByAdmin } from "./device-ban";
export { createTag, deleteTag, listTags, renameTag, TAG_PAGE_SIZE, TagNameSchema, TagPageSchema, type TagRow } from "./tags";
export {
  addRestrictedNames,
  ArtistNamesSchema,
  deleteRestrictedNames,
  getRestrictedNameSettings,
  listRestrictedNames,
  MAX_DISTANCE_LIMIT,
  prepareRestrictedNamesDelete,
  RestrictedIdsSchema,
  RestrictedKindSchema,
  RestrictedNamesPageSchema,
  RestrictedSettingsSchema,
  updateRestrictedNameSettings,
} from "./restricted-artist-names";
export { prepareSecondFactorReset, resetSecondFactor } from "./second-factor-reset";
