import { describe, expect, it } from "vitest";
import { isId } from "~/domain/id-rules";
import { withChosenFiles } from "~/components/chosen-files";

describe("withChosenFiles", () => {
  it("stands in for chosen files with ids the schemas accept, so the browser's check lets the form go", () => {
    const form = new FormData();
    form.append("attachments__upload", new File(["x"], "notes.txt"));
    form.append("logo__upload", new File(["x"], "logo.png"));
    const checked = withChosenFiles(form, { single: ["logo"], multiple: ["attachments"] });
    expect(checked.getAll("attachments").map(Number).every(isId)).toBe(true);
    expect(isId(Number(checked.get("logo")))).toBe(true);
  });
});
