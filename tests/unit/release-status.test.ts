// The release state machine's table (spec 2 §4): only the listed moves are legal, per actor.
import { EDITABLE_STATUSES, findTransition, holdsSongs, isEditable, releaseStatusLabel, ReleaseStatus, TRANSITIONS, transitionsFrom } from "~/services/releases/status";

const ALL = [null, 0, 1, 2, 3, 4, 5, 6, 7] as const;

test("labels are spec 2 §4's, null is Draft", () => {
  expect(ALL.map(releaseStatusLabel)).toEqual(["Draft", "Submitted", "Live", "Rejected", "Awaiting Corrections", "Approved", "Hold", "Removed", "Pending Removal"]);
});

test("the owner submits drafts, resubmits rejected or flagged releases and takes down delivered ones, nothing else", () => {
  const owner = ALL.flatMap((from) => ALL.filter((to) => findTransition(from, to, "owner")).map((to) => `${from}->${to}`));
  expect(owner.sort()).toEqual(["1->7", "2->0", "3->0", "4->7", "5->7", "null->0"].sort());
  expect(findTransition(ReleaseStatus.Submitted, ReleaseStatus.Live, "owner")).toBeUndefined();
  expect(findTransition(ReleaseStatus.Removed, ReleaseStatus.Submitted, "owner")).toBeUndefined();
  expect(transitionsFrom(ReleaseStatus.Draft, "owner").map((transition) => transition.action)).toEqual(["submit"]);
});

test("every transition is between spec statuses and no move is listed twice", () => {
  const keys = TRANSITIONS.map((transition) => `${transition.from}->${transition.to}:${transition.by}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const transition of TRANSITIONS) {
    expect(ALL).toContain(transition.from);
    expect(ALL).toContain(transition.to);
    expect(transition.from).not.toBe(transition.to);
  }
});

test("only drafts and releases sent back can be edited; rejected, removed and archived releases free their songs", () => {
  expect(ALL.filter(isEditable)).toEqual([...EDITABLE_STATUSES]);
  expect(holdsSongs({ status: null, archivedAt: null })).toBe(true);
  expect(holdsSongs({ status: 1, archivedAt: null })).toBe(true);
  expect(holdsSongs({ status: 2, archivedAt: null })).toBe(false);
  expect(holdsSongs({ status: 6, archivedAt: null })).toBe(false);
  expect(holdsSongs({ status: null, archivedAt: new Date() })).toBe(false);
});
