import { addDays, formatISO } from "date-fns";

/** A calendar day relative to today, so the demo stays current whenever it is seeded. */
export const day = (offset: number) => formatISO(addDays(new Date(), offset), { representation: "date" });
