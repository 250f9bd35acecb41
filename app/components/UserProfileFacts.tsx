import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { USER_FACT_FIELDS, profileText, type UserProfile } from "./user-roles";
import * as u from "~/styles/utility.css";
import { hint } from "./Form.css";
import { OrcidLink } from "./OrcidLink";

/**
 * A user's profile fields, read-only, as label–value pairs. The country shows
 * by name when the loader found one for its code; an empty field says so.
 */
export function UserProfileFacts({ user, countryName }: { user: UserProfile; countryName: string | null }) {
  const { t } = useTranslation();
  return (
    <dl className={`${u.facts} ${u.flush}`}>
      {USER_FACT_FIELDS.map((field) => {
        const value = profileText(user, field);
        let shown: React.ReactNode;
        if (typeof value === "boolean") shown = t(value ? "common.yes" : "common.no");
        else if (field === "status" && value) shown = t(`users.statuses.${value}`, { defaultValue: value });
        else if (field === "orcid" && value) shown = <OrcidLink orcid={value} />;
        else if (field === "organization_country" && value) shown = countryName ? `${countryName} (${value})` : value;
        else shown = value;
        return (
          <Fragment key={field}>
            <dt className={u.strong}>{t(`users-field.${field.replace(/_/g, "-")}`)}</dt>
            <dd className={u.fact}>{shown ?? <span className={hint}>{t("users.not-given")}</span>}</dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
