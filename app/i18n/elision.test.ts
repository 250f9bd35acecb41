import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "./config";
import { elide, frenchElision } from "./elision";
import { resources } from "./resources.server";

describe("French elision before an inserted value", () => {
  it("elides que, de, le, la… before a vowel, keeps them before a consonant, an h or a digit", () => {
    expect(elide("Connecté en tant que Adam Admin", ["Adam Admin"])).toBe("Connecté en tant qu’Adam Admin");
    expect(elide("Rôles de Édith", ["Édith"])).toBe("Rôles d’Édith");
    expect(elide("Que Eva entre", ["Eva"])).toBe("Qu’Eva entre");
    expect(elide("voir la Ulysse", ["Ulysse"])).toBe("voir l’Ulysse");
    expect(elide("Rôles de Vera", ["Vera"])).toBe("Rôles de Vera");
    expect(elide("Rôles de Hugo", ["Hugo"])).toBe("Rôles de Hugo");
    expect(elide("Mis à jour le 11 avril", ["11 avril"])).toBe("Mis à jour le 11 avril");
  });

  it("leaves a word inside another or after a hyphen, and the value itself, alone", () => {
    expect(elide("Envoyez-le Alice", ["Alice"])).toBe("Envoyez-le Alice");
    expect(elide("fonde Alice", ["Alice"])).toBe("fonde Alice");
    expect(elide("Rôles de Anne de Avignon", ["Anne de Avignon"])).toBe("Rôles d’Anne de Avignon");
  });

  it("runs in French translations only", async () => {
    const i18n = createInstance();
    await i18n.use(frenchElision).init({ ...i18nConfig, lng: "fr", resources });
    expect(i18n.t("auth.signed-in-as", { name: "Adam Admin" })).toBe("Connecté en tant qu’Adam Admin");
    expect(i18n.t("auth.signed-in-as", { name: "Vera Viewer" })).toBe("Connecté en tant que Vera Viewer");
    expect(i18n.t("users.roles-of", { name: "Eva Evaluator" })).toBe("Rôles d’Eva Evaluator");
    expect(i18n.getFixedT("en")("auth.signed-in-as", { name: "Adam Admin" })).toBe("Signed in as Adam Admin");
    expect(i18n.getFixedT("fr")("users.roles-of", { name: "Ivan" })).toBe("Rôles d’Ivan");
  });
});
