// The wizard's nine steps (docs/ui.md#wizard), in order: "Before you start"
// is step 1 and the terms come after it. Each step with fields owns one
// section of the draft document (draft.ts); the intro and the review have
// none. The URL of a step is /application/{id}/update/{slug}.
export const STEPS = [
  { slug: "intro", section: null },
  { slug: "terms", section: "terms" },
  { slug: "project", section: "project" },
  { slug: "user-group", section: "group" },
  { slug: "logistics", section: "logistics" },
  { slug: "costs", section: "costs" },
  { slug: "publications", section: "publications" },
  { slug: "appendices", section: "appendices" },
  { slug: "review", section: null },
] as const;

export type StepSlug = (typeof STEPS)[number]["slug"];
export type SectionKey = NonNullable<(typeof STEPS)[number]["section"]>;
export const SECTION_KEYS = STEPS.flatMap((s) => (s.section ? [s.section] : [])) as SectionKey[];
export const STEP_COUNT = STEPS.length;

export const isStepSlug = (v: string): v is StepSlug => STEPS.some((s) => s.slug === v);
export const isSectionKey = (v: string): v is SectionKey => (SECTION_KEYS as string[]).includes(v);

/** 1-based number of a step, as the counter shows it ("Step 3 of 9"). */
export const stepNumber = (slug: StepSlug) => STEPS.findIndex((s) => s.slug === slug) + 1;
export const stepAt = (n: number): StepSlug => STEPS[Math.min(Math.max(n, 1), STEP_COUNT) - 1].slug;
export const sectionOf = (slug: StepSlug): SectionKey | null => STEPS[stepNumber(slug) - 1].section;
export const stepOfSection = (section: SectionKey): StepSlug => STEPS.find((s) => s.section === section)!.slug;
