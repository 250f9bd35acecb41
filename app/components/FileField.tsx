import { useTranslation } from "react-i18next";
import { Field } from "./Field";
import * as u from "~/styles/utility.css";
import { ID_MAX } from "~/domain/ids";

export interface MediaRef {
  id: number;
  name: string;
}

// The suffixes app/media/form.server.ts reads; kept here too so this component
// stays free of server imports.
const UPLOAD_SUFFIX = "__upload";
const MULTIPLE_SUFFIX = "__multiple";

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

/**
 * A file field that works without JavaScript: the current files are checked
 * boxes (untick to remove), the file input adds (or, single, replaces) one. The
 * form must post as multipart/form-data and be read with readFormWithUploads.
 */
export function FileField({
  id,
  name,
  label,
  hint,
  errors,
  current = [],
  multiple = false,
  accept,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  current?: MediaRef[];
  multiple?: boolean;
  accept?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      {(aria) => (
        <>
          {multiple ? <input type="hidden" name={`${name}${MULTIPLE_SUFFIX}`} value="1" /> : null}
          {current.length > 0 ? (
            <ul className={u.plainList}>
              {current.map((m) => (
                <li key={m.id}>
                  <input type="checkbox" id={`${id}-keep-${m.id}`} name={name} value={m.id} defaultChecked />{" "}
                  <label htmlFor={`${id}-keep-${m.id}`}>{t("media.keep", { name: m.name })}</label>{" "}
                  <a href={`/media/${m.id}`}>{t("media.download")}</a>
                </li>
              ))}
            </ul>
          ) : null}
          <input type="file" name={`${name}${UPLOAD_SUFFIX}`} accept={accept} {...aria} />
        </>
      )}
    </Field>
  );
}
