import { Trans, useTranslation } from "react-i18next";
import { numberFormat } from "~/domain/numbers";

export interface DownloadableFile {
  id: number;
  name: string;
  mime_type: string;
  size: number;
}

/** "PDF", "TXT"…: what a reader recognises, from the file's own extension. */
const kindOf = (f: DownloadableFile) => {
  const dot = f.name.lastIndexOf(".");
  return dot > 0 ? f.name.slice(dot + 1).toUpperCase() : f.mime_type;
};

/** A file's size in kB or MB, in the reader's locale. */
export function sizeOf(bytes: number, locale: string) {
  const mb = bytes >= 1024 * 1024;
  return numberFormat(locale, {
    style: "unit",
    unit: mb ? "megabyte" : "kilobyte",
    maximumFractionDigits: mb ? 1 : 0,
  }).format(mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}

/** Download links of a page's or document's files (through /media/{id}), with their type and size. */
export function DocumentFiles({ files }: { files: DownloadableFile[] }) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul>
      {files.map((f) => (
        <li key={f.id}>
          <a href={`/media/${f.id}`} download={f.name}>
            <Trans i18nKey="document.download" values={{ name: f.name }} components={{ 1: <span /> }} />
          </a>{" "}
          <span>({t("document.file-size", { type: kindOf(f), size: sizeOf(f.size, i18n.language) })})</span>
        </li>
      ))}
    </ul>
  );
}
