import { useTranslation } from "react-i18next";
import { Link } from "~/components/Link";
import { sectionOfSetting, settingsSectionPath } from "~/domain/settings/settings-sections";
import { settingGroupTitleKey, settingLabelKey } from "~/domain/settings/settings-groups";
import { settingDefinition } from "~/domain/settings/settings";

/**
 * The settings of other sections a save was refused for (each section is
 * saved on its own, but the API checks every stored value: a logo never set
 * refuses any save), each a link to its section (docs/decisions/056-settings-sections.md).
 */
export function OtherSectionErrors({ keys }: { keys: string[] }) {
  const { t } = useTranslation();
  const shown = keys.flatMap((key) => {
    const section = sectionOfSetting(key);
    const english = settingDefinition(key)?.translationOf ?? key;
    return section ? [{ key, to: settingsSectionPath(section.id), text: t("typography.label-value", { label: t(settingGroupTitleKey(section.id)), value: t(settingLabelKey(english)) }) }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <>
      <p>{t("settings-form.elsewhere-list")}</p>
      <ul>
        {shown.map((s) => (
          <li key={s.key}>
            <Link to={s.to}>{s.text}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
