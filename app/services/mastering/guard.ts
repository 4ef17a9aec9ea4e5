// Every mastering route and API (spec 2 §2: verified only, owner only): the guards' 401 / 403 for a
// visitor or an unverified account, 404 for someone else's song or none. A read-only song (mastered, or
// locked) may still be mastered and tracked: mastering changes nothing in the song itself.
import { requireEditableSong } from "../songs/edit.server";

export const requireMasteringSong = (request: Request, songId: string) => requireEditableSong(request, songId, { allowReadOnly: true });
