import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Draft } from "~/domain/applications/draft";
import { STEPS, type StepSlug } from "~/domain/applications/steps";
import type { MemberDraft } from "~/domain/applications/step-group";
import { MEMBER_COUNTRY_FIELDS, MEMBER_FIELDS, memberLabel } from "~/domain/applications/members";
import { dataManagementPlanAsked, LIST_APPENDICES, SINGLE_APPENDICES } from "~/domain/applications/appendices";
import type { LookupList } from "~/domain/lookups/lists";
import { hint } from "~/components/Form.css";
import * as u from "~/styles/utility.css";
import { Facts, useFieldName, useLookupText, type CountryNames, type ReadOnlyApplication } from "./Facts";
import { AccessesSection, CostsSection } from "./ApplicationAccesses";
import * as css from "./Application.css";
import { OrcidLink } from "~/components/OrcidLink";

const MEMBER_LOOKUPS: Partial<Record<keyof MemberDraft, LookupList>> = {
  gender: "genders",
  researcher_status: "researcher-status",
  organization_type: "organization-type",
};

function GroupSection({ draft, countries }: { draft: Draft; countries: CountryNames }) {
  const { t } = useTranslation();
  const label = useFieldName("group");
  const lookup = useLookupText();
  const members = draft.group?.members ?? [];
  const yesNo = (v: boolean | undefined) => t(v ? "common.yes" : "common.no");
  if (!members.length) return <p className={hint}>{t("review-fields.no-members")}</p>;
  return (
    <>
      {members.map((m, i) => {
        const word = t("review-fields.rows.member", { n: i + 1 });
        const text = (f: (typeof MEMBER_FIELDS)[number]): ReactNode => {
          const v = m[f];
          if (!v) return v;
          if (f === "orcid") return <OrcidLink orcid={v} />;
          if ((MEMBER_COUNTRY_FIELDS as readonly string[]).includes(f)) return countries[v] ?? v;
          const list = MEMBER_LOOKUPS[f];
          return list ? lookup(list, v) : v;
        };
        return (
          <section key={m.key ?? i} className={css.row} aria-labelledby={`member-${i}`}>
            <h3 id={`member-${i}`} className={css.rowTitle}>
              {word}
              {m.name || m.surname ? (
                <>
                  {" · "}
                  <span data-stored="">{memberLabel(m, i, word)}</span>
                </>
              ) : null}
              {m.leader ? ` (${t("review-fields.leader-badge")})` : ""}
            </h3>
            <Facts
              items={[
                ...MEMBER_FIELDS.map((f): [string, ReactNode] => [label(f), text(f)]),
                [label("leader"), yesNo(m.leader)],
                [label("young"), yesNo(m.young)],
                [label("is_consortium"), yesNo(m.is_consortium)],
              ]}
            />
          </section>
        );
      })}
    </>
  );
}

function ProjectSection({ draft }: { draft: Draft }) {
  const label = useFieldName("project");
  const lookup = useLookupText();
  const p = draft.project ?? {};
  const keywords = (p.activity_keywords ?? []).filter((k): k is string => Boolean(k));
  return (
    <Facts
      items={[
        [label("acronym"), p.acronym],
        [label("title"), p.title],
        [label("description"), p.description],
        [label("discipline"), p.discipline ? `${p.discipline} ${lookup("activity-fields", p.discipline)}` : undefined],
        [label("activity_keywords"), keywords.length ? keywords.join(", ") : undefined],
        [label("eu_ta_funding"), p.eu_ta_funding],
        [label("previous_description"), p.previous_description],
        [label("previous_program"), p.previous_program],
      ]}
    />
  );
}

function PublicationsSection({ draft }: { draft: Draft }) {
  const label = useFieldName("publications");
  const lookup = useLookupText();
  const p = draft.publications ?? {};
  const top = (p.top_five ?? []).filter((x): x is string => Boolean(x?.trim()));
  return (
    <Facts
      items={[
        [label("planned_publications"), p.planned_publications],
        [
          label("top_five"),
          top.length ? (
            <ol className={u.tightList}>
              {top.map((x, i) => (
                <li key={i} data-stored="">
                  {x}
                </li>
              ))}
            </ol>
          ) : undefined,
        ],
        [label("working_region"), (p.working_region ?? []).map((r) => lookup("working-region", r)).join(", ")],
        [label("working_area_text"), p.working_area_text],
      ]}
    />
  );
}

function AppendicesSection({ app, draft }: { app: ReadOnlyApplication; draft: Draft }) {
  const label = useFieldName("appendices");
  const a = draft.appendices ?? {};
  const file = (id: number | undefined) => (id === undefined ? undefined : (app.media.find((m) => m.id === id)?.name ?? `#${id}`));
  const singles = SINGLE_APPENDICES.filter((f) => f !== "data_man_draft" || dataManagementPlanAsked(app.call, app.settings) || a.data_man_draft !== undefined);
  const list = (ids: number[] | undefined) =>
    ids?.length ? (
      <ul className={u.tightList}>
        {ids.map((id) => (
          <li key={id} data-stored="">
            {file(id)}
          </li>
        ))}
      </ul>
    ) : undefined;
  return (
    <Facts
      items={[
        ...singles.map((f): [string, ReactNode] => [label(f), file(a[f])]),
        ...LIST_APPENDICES.map((f): [string, ReactNode] => [label(f), list(a[f])]),
      ]}
    />
  );
}

/** One step's content, read-only. */
function StepContent({ slug, app, countries }: { slug: StepSlug; app: ReadOnlyApplication; countries: CountryNames }) {
  const { t } = useTranslation();
  const draft = app.draft;
  switch (slug) {
    case "terms":
      return <Facts items={[[t("terms-step.accept"), t(draft.terms?.termsandconditions ? "common.yes" : "common.no")]]} />;
    case "project":
      return <ProjectSection draft={draft} />;
    case "user-group":
      return <GroupSection draft={draft} countries={countries} />;
    case "logistics":
      return <AccessesSection app={app} draft={draft} />;
    case "costs":
      return <CostsSection app={app} draft={draft} />;
    case "publications":
      return <PublicationsSection draft={draft} />;
    case "appendices":
      return <AppendicesSection app={app} draft={draft} />;
    default:
      return null;
  }
}

/**
 * Everything entered, read-only, grouped by step: the review step and the
 * application's review page show it. `issues` adds a step's counters and
 * links under its heading (the review step).
 */
export function ApplicationSections({
  app, countries, issues,
}: {
  app: ReadOnlyApplication;
  countries: CountryNames;
  issues?: (slug: StepSlug) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {STEPS.filter((s) => s.section).map((s) => (
        <section key={s.slug} className={css.stepSection} aria-labelledby={`review-${s.slug}`}>
          <h2 id={`review-${s.slug}`}>{t(`wizard.steps.${s.slug}`)}</h2>
          {issues?.(s.slug)}
          <StepContent slug={s.slug} app={app} countries={countries} />
        </section>
      ))}
    </>
  );
}
