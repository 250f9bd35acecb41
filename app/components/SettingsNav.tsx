import { useTranslation } from "react-i18next";
import { Link } from "~/components/Link";
import { SETTING_SECTIONS, settingsSectionPath } from "~/domain/settings/settings-sections";
import { settingGroupTitleKey } from "~/domain/settings/settings-groups";
import * as css from "./SettingsNav.css";

/** Links to every settings section, the one shown marked (docs/ui.md#settings). */
export function SettingsNav({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("settings-form.sections")}>
      <ul className={css.list}>
        {SETTING_SECTIONS.map((s) => (
          <li key={s.id}>
            <Link to={settingsSectionPath(s.id)} className={css.link} aria-current={s.id === current ? "page" : undefined}>
              {t(settingGroupTitleKey(s.id))}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
