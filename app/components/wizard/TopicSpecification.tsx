import { useTranslation } from "react-i18next";
import { Paragraphs } from "~/components/Paragraphs";
import { card } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import * as css from "./Wizard.css";

/**
 * The topic-specification setting's guidance on the expected research topics,
 * on the wizard's project step: the author's paragraphs as text, as the other
 * settings' texts show; nothing when it is blank (docs/ui.md#wizard).
 */
export function TopicSpecification({ text, lang }: { text: string; lang?: string }) {
  const { t } = useTranslation();
  if (!text.trim()) return null;
  return (
    <section className={`${card} ${u.fieldGap}`} aria-labelledby="topic-specification">
      <h2 id="topic-specification" className={u.cardTitle}>
        {t("project-step.topics")}
      </h2>
      <div className={css.settingText}>
        <Paragraphs text={text} lang={lang} />
      </div>
    </section>
  );
}
