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
import { Link } from "~/components/Link";
import { TaskTag } from "~/components/wizard/TaskTag";
import type { TaskStatus } from "~/domain/applications/task-status";
import { useSectionSummary } from "./section-summary";
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

/** The steps that hold fields, each a card of the read-only application. */
const CARD_STEPS = STEPS.filter((s) => s.section).map((s) => s.slug);

/** The id of a step's card: the section index and the review step's error summary link to it. */
export const cardId = (slug: StepSlug) => `review-${slug}`;

/** Links to each card of the application, at the top of the screen that shows them. */
export function SectionIndex() {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="section-index-title" className={css.index}>
      <h2 id="section-index-title" className={css.indexTitle}>
        {t("review-cards.index")}
      </h2>
      <ul className={css.indexList}>
        {CARD_STEPS.map((slug) => (
          <li key={slug}>
            <a href={`#${cardId(slug)}`}>{t(`wizard.steps.${slug}`)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Everything entered, read-only, a summary card per step (the GOV.UK summary
 * card, docs/ui.md#application-summary): its name, a line that sums it up, and
 * its details folded in a details element (every value stays in the page; it
 * opens without JavaScript). `index` puts the section index first (a screen
 * that shows it higher up says false); `editable` adds each step's Change link
 * (the owner's draft); `statuses` each step's task-list status (a draft);
 * `issues` adds a step's counters and links under its summary (the review step).
 */
export function ApplicationSections({
  app, countries, issues, index = true, editable = false, statuses,
}: {
  app: ReadOnlyApplication;
  countries: CountryNames;
  issues?: (slug: StepSlug) => ReactNode;
  index?: boolean;
  editable?: boolean;
  statuses?: readonly { slug: string; status: TaskStatus }[];
}) {
  const { t } = useTranslation();
  const summaryOf = useSectionSummary(app, countries);
  return (
    <>
      {index ? <SectionIndex /> : null}
      {CARD_STEPS.map((slug) => {
        const name = t(`wizard.steps.${slug}`);
        const titleId = `${cardId(slug)}-title`;
        const status = statuses?.find((s) => s.slug === slug)?.status;
        return (
          <section key={slug} id={cardId(slug)} className={css.card} aria-labelledby={titleId}>
            <div className={css.cardHead}>
              <h2 id={titleId} className={css.cardTitle}>
                {name}
              </h2>
              {status ? <TaskTag status={status} /> : null}
              {editable ? (
                <Link to={`/application/${app.id}/update/${slug}`} className={css.change}>
                  {t("review-cards.change")}
                  <span className="visually-hidden"> {name}</span>
                </Link>
              ) : null}
            </div>
            <div className={css.cardBody}>
              <p className={css.summaryLine}>{summaryOf(slug)}</p>
              {issues?.(slug)}
              <details className={css.fold}>
                <summary className={css.foldSummary}>
                  {t("review-cards.details")}
                  <span className="visually-hidden"> ({name})</span>
                </summary>
                <div className={css.foldBody}>
                  <StepContent slug={slug} app={app} countries={countries} />
                </div>
              </details>
            </div>
          </section>
        );
      })}
    </>
  );
}
