// The body of a calendar feed's creation or renewal (zod/mini, shared by the
// API contract and the profile's form).
import * as z from "zod/mini";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";

/** POST /api/calendar/feed: the language its events are written in (the screens' language, English when absent). */
export const feedBody = z.object({ language: z.optional(z.enum(SUPPORTED_LANGUAGES)) });
export type FeedBody = z.infer<typeof feedBody>;
