// The name of a field the assistant filled, as screens show it
// ("Title", "Justification of the access (access 2)"). No zod: screens load it.
type T = (key: string, opts?: Record<string, unknown>) => string;

export function assistantFieldLabel(t: T, field: string): string {
  const access = /^logistics\.infrastructures\[(\d+)\]\.accesses\[(\d+)\]\.(\w+)$/.exec(field);
  if (access) return `${t(`assistant.fields.access.${access[3]}`)} (${Number(access[1]) + 1}.${Number(access[2]) + 1})`;
  return t(`assistant.fields.project.${field.replace(/^project\./, "")}`);
}
