import { useTranslation } from "react-i18next";
import type { TaskStatus } from "~/domain/applications/task-status";
import * as css from "./Wizard.css";

/** A step's task-list status as a tag (its text always says it: colour is never the only signal). */
export function TaskTag({ status, id }: { status: TaskStatus; id?: string }) {
  const { t } = useTranslation();
  return (
    <strong id={id} className={`${css.taskTag} ${css.taskTones[status]}`}>
      {t(`wizard.task.${status}`)}
    </strong>
  );
}
