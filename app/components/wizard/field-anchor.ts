// Where a field of a step sits, so the review can link straight to it. Conform
// names a field's element `${formId}-${name}` (getMetadata in
// @conform-to/react), and every step's useForm takes its section as form id
// ("terms", "project", "group", "logistics", …; stepFormId): one rule all steps
// and the review agree on.
import { sectionOf, type StepSlug } from "~/domain/applications/steps";

/** The form id of a step's useForm: its section's name (the steps without one have no form). */
export const stepFormId = (slug: StepSlug) => sectionOf(slug) ?? slug;

/**
 * Fields whose controls are not the ones Conform names: the project's keywords
 * are five boxes (`-first`, then `-1`…) and the top five publications five
 * rows (`-0`…), so an error of one lands on its box.
 */
function controlId(slug: StepSlug, name: string): string {
  if (slug === "project") {
    const keyword = /^activity_keywords(?:\[(\d+)\])?$/.exec(name);
    if (keyword) return keyword[1] && keyword[1] !== "0" ? `project-activity_keywords-${keyword[1]}` : "project-activity_keywords-first";
  }
  const publication = slug === "publications" ? /^top_five\[(\d+)\]$/.exec(name) : null;
  if (publication) return `publications-top_five-${publication[1]}`;
  return `${stepFormId(slug)}-${name}`;
}

/** The element id of the field `name` (the step's error key, e.g. `members[0].email`) on the step `slug`. */
export const fieldId = (slug: StepSlug, name: string) => controlId(slug, name);

/** The link to the field on its step: /application/{id}/update/{slug}#<field id>. */
export const fieldAnchor = (appId: number, slug: StepSlug, name: string) =>
  `/application/${appId}/update/${slug}#${fieldId(slug, name)}`;
