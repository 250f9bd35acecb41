import { useTranslation } from "react-i18next";
import { Field } from "./Field";
import * as u from "~/styles/utility.css";
import { UPLOAD_SUFFIX } from "~/domain/media/media";
import { sizeOf } from "./DocumentFiles";

export { withChosenFiles } from "./chosen-files";

export interface MediaRef {
  id: number;
  name: string;
  /** Shown beside the name when known, in bytes. */
  size?: number;
}

// The suffix app/media/form.server.ts reads for "several files" fields.
const MULTIPLE_SUFFIX = "__multiple";

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
  required,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  current?: MediaRef[];
  multiple?: boolean;
  accept?: string;
  /** Marks the label "(required)" or "(optional)". */
  required?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Field id={id} label={label} hint={hint} errors={errors} required={required}>
      {(aria) => (
        <>
          {multiple ? <input type="hidden" name={`${name}${MULTIPLE_SUFFIX}`} value="1" /> : null}
          {current.length > 0 ? (
            <ul className={u.plainList}>
              {current.map((m) => (
                <li key={m.id}>
                  <input type="checkbox" id={`${id}-keep-${m.id}`} name={name} value={m.id} defaultChecked />{" "}
                  <label htmlFor={`${id}-keep-${m.id}`}>{t("media.keep", { name: m.name })}</label>{" "}
                  {m.size !== undefined ? <span>({sizeOf(m.size, i18n.language)})</span> : null}{" "}
                  <a href={`/media/${m.id}`}>{t("media.download")}</a>
                </li>
              ))}
            </ul>
          ) : null}
          <input type="file" name={`${name}${UPLOAD_SUFFIX}`} accept={accept} multiple={multiple} {...aria} />
        </>
      )}
    </Field>
  );
}
