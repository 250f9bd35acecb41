import { useTranslation } from "react-i18next";
import { badge, tones } from "./StatusBadge.css";

/** A status shown by colour and always by text, so colour is never the only signal. */
export function StatusBadge({ status, tone, prefix }: { status: string; tone: keyof typeof tones; prefix: string }) {
  const { t } = useTranslation();
  return <span className={`${badge} ${tones[tone]}`}>{t(`${prefix}.${status}`)}</span>;
}
