// The person's calendar feed on /profile and /profile/calendar (ADR 050): what
// it is, when its address was made, and one form to make, renew or stop it.
// The address itself shows once, on the answer to the form that made it: the
// portal keeps only its token's hash. A real form, so it works without JavaScript.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hint } from "~/components/Form.css";
import { formatInstant } from "~/components/application/instant";
import { button, secondaryButton } from "~/styles/layout.css";
import * as u from "~/styles/utility.css";
import * as css from "./CalendarFeed.css";

export interface CalendarFeedState {
  feed: { created_at: string } | null;
  /** The new address, on the answer to the form that made it only. */
  url?: string;
}

/** The feed's words and form, under the heading the page gives it (`titleId`). */
export function CalendarFeed({ feed, url, titleId }: CalendarFeedState & { titleId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p>{t("calendar.feed-intro")}</p>
      {url ? (
        <div className={css.newUrl} role="status">
          <p className={u.strong}>{t("calendar.new-url-title")}</p>
          <label htmlFor="calendar-feed-url" className="visually-hidden">
            {t("calendar.url-label")}
          </label>
          <input id="calendar-feed-url" type="text" readOnly value={url} className={css.url} aria-describedby="calendar-feed-url-hint" spellCheck={false} />
          <p id="calendar-feed-url-hint" className={hint}>
            {t("calendar.new-url-hint")}
          </p>
        </div>
      ) : (
        <p>{feed ? t("calendar.feed-since", { date: formatInstant(feed.created_at, i18n.language) }) : t("calendar.feed-none")}</p>
      )}
      <Form method="post" action="/profile/calendar" className={u.cluster} aria-labelledby={titleId}>
        <button type="submit" name="intent" value="renew" className={button}>
          {feed || url ? t("calendar.renew") : t("calendar.create")}
        </button>
        {feed || url ? (
          <button type="submit" name="intent" value="stop" className={secondaryButton}>
            {t("calendar.stop")}
          </button>
        ) : null}
      </Form>
    </>
  );
}
