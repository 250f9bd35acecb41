// The project step's bounds the form reads (docs/validation.md#project-step). No zod:
// the browser loads it (ADR 020); step-project.ts has the schemas.

export const KEYWORDS_MAX = 5;
