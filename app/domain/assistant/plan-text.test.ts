// The research plan's text from a PDF (pdf-lib makes one), a DOCX (a minimal
// one zipped with yazl) and plain text, and what the extractive assistant
// reads from it.
import { describe, expect, it } from "vitest";
import yazl from "yazl";
import { cleanText, PLAN_CHARS_MAX, planKind, planText, PlanUnreadableError, readBounded } from "./plan-text.server";
import { extractFromPlan } from "./extractive";
import { Readable } from "node:stream";
import { pdfOf } from "../../../tests/api/assistant-helpers";

const LISTS = {
  disciplines: [{ value: "1.5", label: "Earth and related environmental sciences" }, { value: "1.6", label: "Biological sciences" }],
  keywords: [{ value: "glaciology", label: "Glaciology" }, { value: "sea-ice", label: "Sea ice" }, { value: "seabirds", label: "Seabirds" }],
};

const PLAN_LINES = [
  "Research plan: Seabird foraging at the ice edge (SEABIRDLOG)",
  "Discipline: Biological sciences",
  "Keywords: Seabirds, sea ice, underwater robots",
  "1. Summary",
  "We follow seabirds that forage at the edge of the sea ice.",
  "GPS loggers show where they dive.",
  "2. Objectives",
  "Map the foraging trips of three colonies.",
  "3. Methods",
  "Loggers on 40 birds.",
  "4. Equipment brought",
  "Forty GPS loggers and a drone.",
];

function docxOf(paragraphs: string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`), "[Content_Types].xml");
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`), "_rels/.rels");
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`).join("")}</w:body></w:document>`), "word/document.xml");
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks))).on("error", reject);
  });
}

describe("the research plan's text", () => {
  it("reads a PDF, a DOCX and plain text, and the extractive assistant finds the same fields in each", async () => {
    const texts = [
      await planText(await pdfOf(PLAN_LINES), "pdf"),
      await planText(await docxOf(PLAN_LINES), "docx"),
      await planText(Buffer.from(PLAN_LINES.join("\n")), "text"),
    ];
    for (const text of texts) {
      expect(text).toContain("Seabird foraging at the ice edge");
      const answer = extractFromPlan(text, LISTS);
      expect(answer).toMatchObject({
        title: "Seabird foraging at the ice edge",
        acronym: "SEABIRDLOG",
        discipline: "1.6",
        keywords: ["seabirds", "sea-ice"],
        objectives: "Map the foraging trips of three colonies.",
        justification: "Map the foraging trips of three colonies.",
        bring_equipment: "Forty GPS loggers and a drone.",
      });
      expect(answer.summary).toMatch(/^We follow seabirds that forage at the edge of the sea ice\.\s?\n?GPS loggers show where they dive\.$/);
      // Methods are a part of their own: they do not run into the summary or the equipment.
      expect(answer.summary).not.toContain("Loggers on 40 birds");
    }
  });

  it("without a Keywords line, takes the list's keywords the text names most; invents no discipline", () => {
    const answer = extractFromPlan("Ice and birds\n\nAbstract\nGlaciology of the sea ice, and more sea ice, seen by glaciology students. Sea ice again.", LISTS);
    expect(answer.keywords).toEqual(["sea-ice", "glaciology"]);
    expect(answer.discipline).toBeUndefined();
    expect(answer.title).toBe("Ice and birds");
    expect(answer.summary).toMatch(/^Glaciology of the sea ice/);
  });

  it("bounds the text: control characters out, lines kept, at most the limit", () => {
    expect(cleanText("a\u0000b\u202ec\r\nd\t\te\n\n\n\nf", 100)).toBe("abc\nd e\n\nf");
    expect(cleanText("x".repeat(50), 10)).toHaveLength(10);
  });

  it("reads a long PDF only as far as the text it keeps", async () => {
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 200; p++) {
      const page = doc.addPage([595, 842]);
      for (let l = 0; l < 40; l++) page.drawText(`Page ${p} line ${l}: ${"word ".repeat(14)}`, { x: 20, y: 800 - l * 19, size: 8, font });
    }
    const text = await planText(Buffer.from(await doc.save()), "pdf");
    expect(text).toHaveLength(PLAN_CHARS_MAX);
    expect(text).not.toContain("Page 100 ");
  });

  it("refuses a file past the bound and one its reader cannot open", async () => {
    await expect(readBounded(Readable.from([Buffer.alloc(11)]), 10)).rejects.toBeInstanceOf(PlanUnreadableError);
    await expect(planText(Buffer.from("not a pdf"), "pdf")).rejects.toBeInstanceOf(PlanUnreadableError);
    await expect(planText(Buffer.from("not a zip"), "docx")).rejects.toBeInstanceOf(PlanUnreadableError);
  });

  it("reads only PDF, DOCX and text", () => {
    expect(planKind("application/pdf", "x")).toBe("pdf");
    expect(planKind("application/octet-stream", "plan.DOCX")).toBe("docx");
    expect(planKind("text/plain; charset=utf-8", "plan")).toBe("text");
    expect(planKind("image/png", "plan.png")).toBeUndefined();
  });
});
