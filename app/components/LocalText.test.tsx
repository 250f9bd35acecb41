import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nextFor } from "~/i18n/i18next.server";
import { LabelValue, LocalSentence, LocalText } from "./LocalText";

const html = (lng: string, node: ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18nextFor(lng)}>{node}</I18nextProvider>);

describe("an editor's text among the interface's (ADR 052)", () => {
  it("carries lang only when it stands in for the reader's language", () => {
    expect(html("fr", <LocalText text={{ text: "Appel" }} />)).toBe("<span>Appel</span>");
    expect(html("fr", <LocalText text={{ text: "Call", lang: "en" }} />)).toBe('<span lang="en">Call</span>');
  });

  it("sits in an interface sentence with its lang, as text, never as markup", () => {
    expect(html("fr", <LocalSentence i18nKey="apply.title" name="title" text={{ text: "Call <b>2027</b> & co", lang: "en" }} />)).toBe(
      'Candidater à «\u00a0<span lang="en">Call &lt;b&gt;2027&lt;/b&gt; &amp; co</span>\u00a0»',
    );
    expect(html("en", <LocalSentence i18nKey="acceptance.agreements.call-agreement" name="name" text={{ text: "Call 2027" }} />)).toBe("Call: <span>Call 2027</span>");
  });

  it("keeps French elision before it", () => {
    const sentence = (text: string) => html("fr", <LocalSentence i18nKey="acceptance.agreements.countersigned-file" name="name" text={{ text, lang: "en" }} />);
    expect(sentence("Arctic station")).toBe('Accord contresigné d’<span lang="en">Arctic station</span>');
    expect(sentence("Bay station")).toBe('Accord contresigné de <span lang="en">Bay station</span>');
  });

  it("follows a label with the language's own separator", () => {
    expect(html("fr", <LabelValue label="Projet" value={<LocalText text={{ text: "Call", lang: "en" }} />} />)).toBe('Projet\u00a0: <span lang="en">Call</span>');
    expect(html("en", <LabelValue label="Project" value="x" />)).toBe("Project: x");
  });
});
