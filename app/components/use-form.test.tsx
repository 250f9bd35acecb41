// The server's useForm (remembered field metadata) renders what Conform's own
// renders: ids, names, initial values, errors, constraints, lists and nested fieldsets.
import { getInputProps, getSelectProps, getTextareaProps, useForm as conformUseForm, type SubmissionResult } from "@conform-to/react";
import { createElement as h, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formContext, useForm } from "./use-form";

type Draft = { title: string; kind: string; notes: string; agree: boolean; tags: string[]; members: { name: string; email: string }[] };

const lastResult: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { title: "", kind: "b", notes: "kept", members: [{ name: "Ada", email: "ada@example.org" }, { name: "", email: "x" }] },
  error: { title: ["required"], "members[1].name": ["required"], "members[1].email": ["email"] },
};

function form(use: typeof conformUseForm, result?: SubmissionResult<string[]>) {
  return function Form() {
    const [f, fields] = use<Draft>({
      id: "draft",
      lastResult: result,
      defaultValue: { title: "T", kind: "a", notes: "", agree: true, tags: ["x", "z"], members: [{ name: "Ada", email: "ada@example.org" }] },
      constraint: { title: { required: true, maxLength: 255 }, notes: { maxLength: 2000 }, "members[].email": { required: true, pattern: ".+@.+" } },
    });
    const viaForm = f.getFieldset();
    const rows = fields.members.getFieldList();
    return h(
      "form",
      { id: f.id },
      h("input", { ...getInputProps(fields.title, { type: "text" }), "data-errors": fields.title.errors?.join() }),
      h("select", getSelectProps(fields.kind), h("option", { value: "a" }), h("option", { value: "b" })),
      h("textarea", getTextareaProps(fields.notes)),
      h("input", getInputProps(viaForm.agree, { type: "checkbox" })),
      h("select", { ...getSelectProps(fields.tags), multiple: true }, ["x", "y", "z"].map((v) => h("option", { key: v, value: v }))),
      h("p", null, JSON.stringify([fields.tags.defaultOptions, fields.kind.defaultValue, viaForm.agree.defaultChecked, fields.title.descriptionId, fields.members.errorId, fields.title.formId, f.id, f.status])),
      h("p", null, String(f.errors ?? ""), "|", Object.keys(f.allErrors).join()),
      rows.map((row, i) => {
        const m = row.getFieldset();
        return h(
          Fragment,
          { key: row.key ?? i },
          h("input", getInputProps(m.name, { type: "text" })),
          h("input", { ...getInputProps(m.email, { type: "email" }), "data-errors": m.email.errors?.join(), "data-id": m.email.id }),
          h("span", null, row.getFieldset().email.id === m.email.id ? "same" : "differs"),
        );
      }),
    );
  };
}

describe("useForm on the server", () => {
  it("finds the form's state behind Conform's metadata (else it would fall back to Conform's reads)", () => {
    let found: unknown;
    renderToString(
      h(function Probe() {
        const [f] = conformUseForm({ id: "probe", defaultValue: { a: "1" } });
        found = formContext(f)?.getState().initialValue.a;
        return null;
      }),
    );
    expect(found).toBe("1");
  });

  it("renders what Conform's useForm renders, with and without a refused submission", () => {
    for (const result of [undefined, lastResult]) {
      const ours = renderToString(h(form(useForm, result)));
      expect(ours).toBe(renderToString(h(form(conformUseForm, result))));
    }
    const refused = renderToString(h(form(useForm, lastResult)));
    expect(refused).toContain('name="members[1].email"');
    expect(refused).toContain('data-errors="email"');
    expect(refused).toContain('maxLength="255"');
    expect(refused).toContain(">kept</textarea>");
  });
});
