// How the review names a field of the draft: "Member 2 · E-mail" for the
// error key `members[1].email`. The field's own label comes from its step's
// texts (`<section>-step.<field>`, the labels the step's form shows) when the
// step has one, else from the review's list (review-fields.*), else the name.
// Pure: the screens pass their own i18n, the application PDF its own.
import type { i18n as I18n, TFunction } from "i18next";
import type { SectionKey } from "~/domain/applications/steps";

/** Numbered rows in a path, by list name ("members[0]" is Member 1). */
const ROW_KEYS: Record<string, string> = {
  members: "review-fields.rows.member",
  infrastructures: "review-fields.rows.infrastructure",
  accesses: "review-fields.rows.access",
  costs: "review-fields.rows.cost",
  top_five: "review-fields.rows.publication",
  activity_keywords: "review-fields.rows.keyword",
  recommendation_letter: "review-fields.rows.letter",
  extra_information: "review-fields.rows.extra",
};

const SEGMENT = /^([A-Za-z_]+)(?:\[(\d+)\])?$/;

/** The text at `key` when it is a text (not a group of texts), else undefined. */
function textAt(i18n: Pick<I18n, "getResource" | "language">, key: string): string | undefined {
  const value: unknown = i18n.getResource(i18n.language, "common", key) ?? i18n.getResource("en", "common", key);
  return typeof value === "string" && value ? value : undefined;
}

/** The label of one field name of a section (no path, no index). */
export function fieldName(t: TFunction, i18n: Pick<I18n, "getResource" | "language">, section: SectionKey, name: string): string {
  const own = textAt(i18n, `${section}-step.${name}`);
  if (own) return own;
  return textAt(i18n, `review-fields.${name}`) ? t(`review-fields.${name}`) : name;
}

/** The label of an error key: each numbered row, then the field ("Infrastructure 1 · Access 2 · Justification"). */
export function fieldLabel(t: TFunction, i18n: Pick<I18n, "getResource" | "language">, section: SectionKey, path: string): string {
  const segments = path.split(".");
  const parts: string[] = [];
  segments.forEach((segment, i) => {
    const m = SEGMENT.exec(segment);
    if (!m) {
      parts.push(segment);
      return;
    }
    const [, name, index] = m;
    const last = i === segments.length - 1;
    if (index !== undefined && ROW_KEYS[name]) {
      // A row that is the whole key (top_five[2]) names itself; else it leads the field that follows.
      if (last && !["members", "infrastructures", "accesses", "costs"].includes(name)) parts.push(fieldName(t, i18n, section, name));
      parts.push(t(ROW_KEYS[name], { n: Number(index) + 1 }));
    } else parts.push(fieldName(t, i18n, section, name));
  });
  return parts.join(" · ");
}
