// How an answer fills a draft (docs/decisions/042-assistant-pre-fill.md): only
// fields that are empty, only with values the wizard steps' own rules accept
// (step-project.ts, step-logistics.ts, and the sections' draft schemas);
// anything else in the answer is dropped. The fields it may fill are a fixed
// list: whatever a plan says, nothing else of the draft changes.
import type { Draft } from "../applications/draft";
import type { WizardContext } from "../applications/context";
import { projectStep } from "../applications/step-project";
import { logisticsStep } from "../applications/step-logistics";
import { projectDraft, type ProjectDraft } from "../applications/section-project";
import { logisticsDraft, type LogisticsDraft } from "../applications/section-logistics";
import type { FieldErrors } from "../field-errors";
import type { Answer } from "./suggestion";
import { PROJECT_FILLED, ACCESS_FILLED, type Filled } from "./provenance";

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim()) || (Array.isArray(v) && !v.some((x) => typeof x === "string" && x.trim()));
const textOf = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const failsAt = (errors: FieldErrors, field: string) => Object.keys(errors).some((k) => k === field || k.startsWith(`${field}[`) || k.startsWith(`${field}.`));

/** The project fields an answer suggests, by field. */
function projectValues(answer: Answer, keywords: readonly string[]): Partial<Record<(typeof PROJECT_FILLED)[number], string | string[]>> {
  const known = [...new Set((answer.keywords ?? []).map((k) => k.trim()).filter((k) => keywords.includes(k)))];
  return {
    title: textOf(answer.title),
    acronym: textOf(answer.acronym),
    description: textOf(answer.summary) ?? textOf(answer.objectives),
    discipline: textOf(answer.discipline),
    activity_keywords: known.length ? known : undefined,
  };
}

/**
 * The draft with the answer's values in its empty fields, and the list of
 * fields filled. `keywords` are the activity keywords' values (the list the
 * answer's keywords must come from).
 */
export function fillDraft(draft: Draft, answer: Answer, ctx: WizardContext, keywords: readonly string[]): { draft: Draft; filled: Filled[] } {
  const filled: Filled[] = [];
  const project: ProjectDraft = { ...(draft.project ?? {}) };
  const offered = projectValues(answer, keywords);
  const tried: (keyof typeof offered)[] = [];
  for (const field of PROJECT_FILLED) {
    const value = offered[field];
    if (value === undefined || !blank(project[field])) continue;
    (project as Record<string, unknown>)[field] = value;
    tried.push(field);
  }
  // The step's rules judge the section as it would be; a field they fault is given back its old value.
  const projectErrors = projectStep.check(project, { ...ctx, draft: { ...draft, project } });
  const stored = projectDraft.safeParse(project);
  for (const field of tried) {
    const refused = failsAt(projectErrors, field) || (!stored.success && stored.error.issues.some((i) => i.path[0] === field));
    if (refused) (project as Record<string, unknown>)[field] = draft.project?.[field];
    else filled.push({ field: `project.${field}`, value: offered[field]! });
  }

  const logistics: LogisticsDraft = {
    ...(draft.logistics ?? {}),
    infrastructures: (draft.logistics?.infrastructures ?? []).map((r) => ({ ...r, accesses: (r.accesses ?? []).map((a) => ({ ...a })) })),
  };
  const accessValues: Record<(typeof ACCESS_FILLED)[number], string | undefined> = {
    justification: textOf(answer.justification),
    available_season: textOf(answer.available_season),
    bring_equipment: textOf(answer.bring_equipment),
    need_equipment: textOf(answer.need_equipment),
  };
  const triedAccess: [number, number, (typeof ACCESS_FILLED)[number]][] = [];
  logistics.infrastructures!.forEach((r, i) =>
    r.accesses!.forEach((a, j) => {
      for (const field of ACCESS_FILLED) {
        const value = accessValues[field];
        if (value === undefined || !blank(a[field])) continue;
        a[field] = value;
        triedAccess.push([i, j, field]);
      }
    }),
  );
  if (triedAccess.length) {
    const errors = logisticsStep.check(logistics, { ...ctx, draft: { ...draft, project, logistics } });
    const stored = logisticsDraft.safeParse(logistics);
    for (const [i, j, field] of triedAccess) {
      const at = `infrastructures[${i}].accesses[${j}].${field}`;
      const access = logistics.infrastructures![i].accesses![j];
      const refused = failsAt(errors, at) || (!stored.success && stored.error.issues.some((x) => x.path.join(".") === `infrastructures.${i}.accesses.${j}.${field}`));
      if (refused) access[field] = draft.logistics?.infrastructures?.[i]?.accesses?.[j]?.[field];
      else filled.push({ field: `logistics.${at}`, value: accessValues[field]! });
    }
  }
  const next: Draft = { ...draft };
  if (filled.some((f) => f.field.startsWith("project."))) next.project = project;
  if (filled.some((f) => f.field.startsWith("logistics."))) next.logistics = logistics;
  return { draft: next, filled };
}
