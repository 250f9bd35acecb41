import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources.server";
import { fieldAnchor, fieldId } from "~/components/wizard/field-anchor";
import { fieldLabel } from "~/domain/applications/field-labels";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: "en", resources, defaultNS: "common", interpolation: { escapeValue: false } });
});

describe("fieldLabel", () => {
  it("names each numbered row, then the field, from the step's own texts first", () => {
    expect(fieldLabel(i18n.t, i18n, "project", "title")).toBe("Project title");
    expect(fieldLabel(i18n.t, i18n, "group", "members[1].email")).toMatch(/^Member 2 · .*e-?mail/i);
    expect(fieldLabel(i18n.t, i18n, "logistics", "infrastructures[0].accesses[2].justification")).toMatch(/^Infrastructure 1 · Access 3 · /);
    expect(fieldLabel(i18n.t, i18n, "publications", "top_five[3]")).toMatch(/Publication 4$/);
  });

  it("falls back to the field's name when no text names it", () => {
    expect(fieldLabel(i18n.t, i18n, "project", "no_such_field")).toBe("no_such_field");
  });
});

describe("fieldAnchor", () => {
  it("points at Conform's id on the step: the step's section as form id, the keyword boxes by position", () => {
    expect(fieldId("user-group", "members[0].email")).toBe("group-members[0].email");
    expect(fieldAnchor(7, "project", "title")).toBe("/application/7/update/project#project-title");
    expect(fieldId("project", "activity_keywords")).toBe("project-activity_keywords-first");
    expect(fieldId("project", "activity_keywords[5]")).toBe("project-activity_keywords-5");
    expect(fieldId("publications", "top_five[3]")).toBe("publications-top_five-3");
  });
});
