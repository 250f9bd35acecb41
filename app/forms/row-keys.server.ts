import { randomUUID } from "node:crypto";

/**
 * Gives every posted row of `list` that has no key one (`<row>.key`), as the
 * API would, but before the form is answered: the step then comes back with
 * the keys it was saved with, so the next save keeps them and the rows other
 * steps refer to (an access's member, a cost's access) stay who they are.
 * `list` is a field name; `[]` stands for any index of an outer list
 * ("infrastructures[].accesses").
 */
export function keyRows(formData: FormData, list: string): void {
  const pattern = list.replace(/[.[\]]/g, "\\$&").replace(/\\\[\\\]/g, "\\[\\d+\\]");
  const row = new RegExp(`^(${pattern}\\[\\d+\\])\\.`);
  const rows = new Set<string>();
  for (const name of formData.keys()) {
    const prefix = row.exec(name)?.[1];
    if (prefix !== undefined) rows.add(prefix);
  }
  for (const prefix of rows) {
    if (!String(formData.get(`${prefix}.key`) ?? "")) formData.set(`${prefix}.key`, randomUUID().slice(0, 8));
  }
}
