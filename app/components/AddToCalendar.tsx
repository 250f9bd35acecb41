// "Add to calendar" beside a deadline (ADR 050): a plain link to the .ics file
// of that one deadline, so it works without JavaScript; its hidden words name
// what it is about, so each link says where it leads.
import { useTranslation } from "react-i18next";
import type { TodoView } from "~/domain/todo/next-action";
import { addLink } from "./AddToCalendar.css";

export const deadlineFileHref = (view: TodoView, applicationId: number) => `/deadline/${view}-${applicationId}.ics`;

export function AddToCalendar({ view, applicationId, about }: { view: TodoView; applicationId: number; about: string }) {
  const { t } = useTranslation();
  return (
    <a href={deadlineFileHref(view, applicationId)} className={addLink}>
      {t("calendar.add")}
      <span className="visually-hidden" data-stored="">
        {" "}
        {t("calendar.add-about", { what: about })}
      </span>
    </a>
  );
}
