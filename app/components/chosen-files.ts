import { ID_MAX } from "~/domain/id-rules";
import { UPLOAD_SUFFIX } from "~/domain/media/media";

/**
 * A chosen file becomes a medium id only once the server has stored it. To
 * validate in the browser (a required file, "a published document needs a
 * file"), a copy of the form data, used only for validation, counts a chosen
 * file as the field's value: a single field's "1" (unless one is kept), a
 * multiple field's placeholder id per file.
 */
export function withChosenFiles(formData: FormData, fields: { single?: readonly string[]; multiple?: readonly string[] }): FormData {
  const copy = new FormData();
  for (const [k, v] of formData.entries()) copy.append(k, v);
  const chosen = (v: FormDataEntryValue | null) => v instanceof File && v.name !== "";
  for (const name of fields.single ?? []) {
    if (chosen(formData.get(`${name}${UPLOAD_SUFFIX}`)) && !formData.get(name)) copy.set(name, "1");
  }
  for (const name of fields.multiple ?? []) {
    for (const file of formData.getAll(`${name}${UPLOAD_SUFFIX}`)) {
      // A stand-in id the schema accepts (the largest there is) until the upload gives the real one.
      if (chosen(file)) copy.append(name, String(ID_MAX));
    }
  }
  return copy;
}
