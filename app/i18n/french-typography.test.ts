// French typography in every French string (locales/fr/*.json, read from disk so
// that a new file is checked too): a narrow no-break space (U+202F) before ? ! ;,
// a no-break space (U+00A0) before : and inside « », the typographic apostrophe,
// the ellipsis character, accented capitals and elisions. Inserted values
// ({{x}}), nested keys ($t(…)), markup (<1>, <hidden>), web addresses and times
// are not text and are left out.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };

const dir = path.resolve(import.meta.dirname, "../../locales/fr");
const strings: [string, string][] = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap((file) => {
    const walk = (tree: Tree, prefix: string): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : walk(v, `${prefix}${k}.`)));
    return walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Tree, `${file}: `);
  });

const NNBSP = "\u202f";
const NBSP = "\u00a0";

/** The text a reader sees around the inserted parts: each of those becomes one letter, markup nothing. */
function proseOf(value: string): string {
  return value
    .replace(/\{\{[^}]*\}\}/g, "X") // {{name}}, {{count, number}}
    .replace(/\$t\([^)]*\)/g, "X") // nested keys
    .replace(/<\/?[a-z0-9]+\s*\/?>/gi, "") // <1>, </hidden>, <br/>
    .replace(/\b(?:https?|mailto|ftp):(?:\/\/)?[^\s,;)]*/gi, "X") // http://… and a bare https://
    .replace(/\b\d{1,2}:\d{2}\b/g, "X") // 10:30
    .replace(/!\[/g, "["); // a Markdown image, ![alt](src), shown as syntax
}

/** What is wrong with one French string, as short sentences (empty when nothing is). */
function typographyProblems(value: string): string[] {
  const text = proseOf(value);
  const problems: string[] = [];
  for (const m of text.matchAll(/(^|[\s\S])([?!;:])/g)) {
    const [, before, mark] = m;
    if (m.index === 0 && before === "") continue; // a mark that opens the string
    const wanted = mark === ":" ? NBSP : NNBSP;
    if (before !== wanted) {
      const what = before === " " ? "a plain space" : before === NBSP ? "a no-break space" : before === NNBSP ? "a narrow no-break space" : "no space";
      problems.push(`${what} before “${mark}” (wants U+${wanted.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`);
    }
  }
  if (/«(?!\u00a0)/.test(text) || /(?<!\u00a0)»/.test(text)) problems.push("« » without a no-break space inside");
  if (text.includes("'")) problems.push("a straight apostrophe (wants ’)");
  if (text.includes('"')) problems.push("straight quotes (wants « »)");
  if (text.includes("...")) problems.push("three dots (wants …)");
  if (/[ \u00a0\u202f]{2}/.test(text)) problems.push("two spaces in a row");
  const capital = text.match(
    /\b(?:Eta(?:t|pe)|Etude|Etes|Etre|Egal|Ecol|Ecri|Ecran|Echec|Echean|Elem|Elém|Elève|Evalu|Even|Evén|Equipe|Etabli|Edit|Econom|Electr|Energ|Epreuve|Etiquet|Evit|Etrang)\w*|\bA (?:propos|venir|partir|jour|compter|noter|moins)\b|\bCa\b/,
  );
  if (capital) problems.push(`an unaccented capital in “${capital[0]}” (É, À, Ç…)`);
  const elision = text.match(/(?:^|[\s(«\u00a0])(?:que|jusque|lorsque|puisque|de|le|la|ne|se|je|me|te|ce) (?!onze|oui\b)[aeiouyàâéèêëîïôûœ]\w*|\bsi ils?\b/i);
  if (elision) problems.push(`a missing elision in “${elision[0].trim()}” (qu’, d’, l’…)`);
  return problems;
}

describe("French typography", () => {
  it("reads every French string", () => {
    expect(strings.length).toBeGreaterThan(500);
  });

  it("finds the mistakes it is meant to find", () => {
    expect(typographyProblems("Supprimer ?")).toEqual(["a plain space before “?” (wants U+202F)"]);
    expect(typographyProblems("Supprimer?")).toEqual(["no space before “?” (wants U+202F)"]);
    expect(typographyProblems(`Supprimer${NBSP}!`)).toEqual(["a no-break space before “!” (wants U+202F)"]);
    expect(typographyProblems("Exemple : a ; b")).toHaveLength(2);
    expect(typographyProblems(`« {{title}} »`)).toEqual(["« » without a no-break space inside"]);
    expect(typographyProblems("Modifier l'appel")).toEqual(["a straight apostrophe (wants ’)"]);
    expect(typographyProblems("Egale à la date")).toEqual(["an unaccented capital in “Egale” (É, À, Ç…)"]);
    expect(typographyProblems("Etat du dossier")).toHaveLength(1);
    expect(typographyProblems("Chargement...")).toEqual(["three dots (wants …)"]);
    expect(typographyProblems(`«${NBSP}${NBSP}{{title}}${NBSP}»`)).toEqual(["two spaces in a row"]);
    expect(typographyProblems("Connecté en tant que Adam")).toEqual(["a missing elision in “que Adam” (qu’, d’, l’…)"]);
    expect(typographyProblems("la date de ouverture")).toHaveLength(1);
  });

  it("leaves inserted values, markup, web addresses, times and correct text alone", () => {
    expect(typographyProblems(`Choisis${NBSP}: {{list}}`)).toEqual([]);
    expect(typographyProblems(`Supprimer <hidden>l’appel «${NBSP}{{title}}${NBSP}»</hidden>${NNBSP}?`)).toEqual([]);
    expect(typographyProblems("Commençant par http:// ou https://")).toEqual([]);
    expect(typographyProblems("Ouvert à 10:30")).toEqual([]);
    expect(typographyProblems("Une image : ![texte](https://…/a.png)")).toEqual(["a plain space before “:” (wants U+00A0)"]);
    expect(typographyProblems("{{date, datetime}} ; {{count}}")).toEqual(["a plain space before “;” (wants U+202F)"]);
    expect(typographyProblems("Égale à l’ouverture. Envoyez-le à nouveau. Le onze avril, qu’il"))
      .toEqual([]);
    expect(typographyProblems("Connecté en tant que {{name}}")).toEqual([]); // app/i18n/elision.ts elides at run time
  });

  it("every French string follows French typography", () => {
    const wrong = strings.flatMap(([key, value]) => typographyProblems(value).map((p) => `${key}: ${p} in ${JSON.stringify(value)}`));
    expect(wrong).toEqual([]);
  });
});
