// What an assistant answers (docs/decisions/042-assistant-pre-fill.md): one
// object of texts, the same for a model and the extractive reader. The answer
// is parsed with ANSWER (a wrong shape is a failed answer, nothing saved);
// each value then goes through the wizard steps' own rules before it fills a
// field (fill.server.ts), and what does not pass is dropped.
import * as z from "zod/mini";

/** The longest text an answer's field may hold before the steps' rules judge it: past it the answer is refused. */
const ANSWER_TEXT_MAX = 20_000;
const text = z.optional(z.nullable(z.string().check(z.maxLength(ANSWER_TEXT_MAX))));

export const ANSWER_FIELDS = [
  "title", "acronym", "summary", "objectives", "discipline", "keywords",
  "justification", "available_season", "bring_equipment", "need_equipment",
] as const;

/** Unknown keys are ignored (a model may add some); known ones must have their type. */
export const ANSWER = z.object({
  title: text,
  acronym: text,
  summary: text,
  objectives: text,
  discipline: text,
  keywords: z.optional(z.nullable(z.array(z.string().check(z.maxLength(255))).check(z.maxLength(50)))),
  justification: text,
  available_season: text,
  bring_equipment: text,
  need_equipment: text,
});
export type Answer = z.infer<typeof ANSWER>;

/** The JSON schema a model is asked to answer with (structured output): every field, null when the plan does not say. */
export function answerJsonSchema(disciplines: readonly string[], keywords: readonly string[]) {
  const nullableText = (description: string) => ({ type: ["string", "null"], description });
  return {
    type: "object",
    additionalProperties: false,
    required: [...ANSWER_FIELDS],
    properties: {
      title: nullableText("The project's title, one line"),
      acronym: nullableText("The project's acronym, one word"),
      summary: nullableText("A summary of the project, at most 2000 characters"),
      objectives: nullableText("The project's objectives, at most 2000 characters"),
      discipline: { type: ["string", "null"], enum: [...disciplines, null], description: "The activity field's code" },
      keywords: { type: "array", items: { type: "string", enum: [...keywords] }, maxItems: 5, description: "At most five activity keywords" },
      justification: nullableText("Why the project needs access to the infrastructure, at most 2000 characters"),
      available_season: nullableText("When the field work can take place"),
      bring_equipment: nullableText("Equipment the group brings"),
      need_equipment: nullableText("Equipment the group needs on site"),
    },
  };
}
