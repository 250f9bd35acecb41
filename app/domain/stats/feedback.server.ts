// The feedback survey's statistics (GET /api/stats/feedback): the submitted
// reports of the applications the statistics filter keeps, for each 1–5
// question how many gave each score, how many answered and the mean, the
// recommend choice's counts and share, and the free-text answers with their
// application, a page at a time (every one in the download). A report saved
// but not submitted (or reopened) is not counted: its answers may change.
// SQL aggregates at request time.
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { offsetOf, pageMeta, type Paging } from "../list-query.server";
import { FEEDBACK_QUESTIONS, FEEDBACK_SCORES, type FeedbackQuestion } from "./feedback";
import { statsMatching } from "./key.server";
import type { StatsFilter } from "./query.server";
import { statsKept } from "./kept.server";

export interface ScoreDistribution {
  question: FeedbackQuestion;
  /** How many gave 1, 2, 3, 4 and 5, in that order. */
  counts: number[];
  answered: number;
  /** The mean score; null when nobody answered. */
  mean: number | null;
}

export interface RecommendFigures {
  yes: number;
  no: number;
  /** Submitted reports without the choice. */
  unanswered: number;
  /** Yes over yes and no (0 to 1); null when nobody chose. */
  share: number | null;
}

export interface FeedbackAnswer {
  application_id: number;
  acronym: string | null;
  title: string | null;
  call_id: number;
  call_title: string;
  question: FeedbackQuestion;
  text: string;
}

/** The submitted reports of the matching applications. */
const submittedReports = (db: Db, f: StatsFilter) =>
  statsMatching(db, f).innerJoin("application_reports as r", "r.application_id", "a.id").where("r.submitted_at", "is not", null);

const score = (q: FeedbackQuestion) => sql.ref(`r.quantitative_feedback_${q}`);
const text = (q: FeedbackQuestion) => sql.ref(`r.text_feedback_${q}`);
const answered = (q: FeedbackQuestion) => sql`nullif(btrim(${text(q)}), '')`;

/** The reports counted, the scores' distributions, the recommend choice and how many free-text answers there are: one pass over the reports. */
async function readFeedbackFigures(db: Db, f: StatsFilter) {
  const row: Record<string, number | null> = await submittedReports(db, f)
    .select([
      sql<number>`count(*)::int`.as("reports"),
      ...FEEDBACK_QUESTIONS.flatMap((q) => [
        sql<number>`count(${score(q)})::int`.as(`${q}_answered`),
        sql<number | null>`avg(${score(q)})::float8`.as(`${q}_mean`),
        ...FEEDBACK_SCORES.map((n) => sql<number>`(count(*) filter (where ${score(q)} = ${n}))::int`.as(`${q}_${n}`)),
      ]),
      sql<number>`(count(*) filter (where r.feedback_recommend))::int`.as("yes"),
      sql<number>`(count(*) filter (where not r.feedback_recommend))::int`.as("no"),
      sql<number>`(${sql.join(FEEDBACK_QUESTIONS.map((q) => sql`count(${answered(q)})`), sql` + `)})::int`.as("texts"),
    ])
    .executeTakeFirstOrThrow();
  const n = (key: string) => row[key] as number;
  const scores: ScoreDistribution[] = FEEDBACK_QUESTIONS.map((q) => ({
    question: q,
    counts: FEEDBACK_SCORES.map((s) => n(`${q}_${s}`)),
    answered: n(`${q}_answered`),
    mean: row[`${q}_mean`],
  }));
  const chose = n("yes") + n("no");
  const recommend: RecommendFigures = { yes: n("yes"), no: n("no"), unanswered: n("reports") - chose, share: chose ? n("yes") / chose : null };
  return { reports: n("reports"), scores, recommend, texts: n("texts") };
}

/** Every non-blank free-text answer of the submitted reports, by application then question (the survey's order). */
export function feedbackAnswersQuery(db: Db, f: StatsFilter) {
  const each = sql.join(
    FEEDBACK_QUESTIONS.map((q, i) => sql`select ${q}::text as question, ${i}::int as position, ${answered(q)} as text`),
    sql` union all `,
  );
  return submittedReports(db, f)
    .innerJoin("calls as c", "c.id", "a.call_id")
    .innerJoin(sql<{ question: FeedbackQuestion; position: number; text: string }>`lateral (${each})`.as("t"), (join) => join.onTrue())
    .where("t.text", "is not", null)
    .select(["a.id as application_id", "a.acronym", "a.title", "c.id as call_id", "c.title as call_title", "t.question", "t.text"])
    .orderBy("a.id", "desc")
    .orderBy("t.position");
}

/** GET /api/stats/feedback: the figures and one page of the free-text answers. */
export async function feedbackStatistics(db: Db, f: StatsFilter, paging: Paging) {
  const [figures, answers] = await Promise.all([
    feedbackFigures(db, f),
    feedbackAnswersQuery(db, f).limit(paging.per_page).offset(offsetOf(paging)).execute(),
  ]);
  const { texts, ...rest } = figures;
  return { ...rest, answers: { data: answers as FeedbackAnswer[], meta: pageMeta(paging, texts) } };
}

/** readFeedbackFigures's answer, kept until the next write (./kept.server.ts). */
export const feedbackFigures = (db: Db, f: StatsFilter) => statsKept(db, "feedback", f, () => readFeedbackFigures(db, f));
