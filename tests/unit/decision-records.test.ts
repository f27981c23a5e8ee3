import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every decision record says whether it still stands, and every supersession is written on both records.

const folder = "docs/decisions";
type Link = { kind: "supersedes" | "withdraws" | "changes"; number: number; inPart: boolean };
type DecisionRecord = { number: number; file: string; title: string; standing: string; links: Link[] };

const standingPattern =
  /^(accepted|accepted, superseded in part by decision (\d+)(?: \([^)]+\))?|accepted, changed by decision (\d+)(?: \([^)]+\))?|superseded by decision (\d+)|withdrawn by decision (\d+))$/;

/** "supersedes decision 10, and decisions 21, 37 and 40 in part" → 10, and 21, 37, 40 in part. */
function linksOf(relations: string[]): Link[] {
  return relations.flatMap((relation) =>
    relation.split(/, (?=supersedes|withdraws|changes)/).flatMap((clause) => {
      const verb = /^(supersedes|withdraws|changes) /.exec(clause);
      if (!verb) throw new Error(`"${clause}" is not "supersedes …", "withdraws …" or "changes …"`);
      return clause.split(/, and |; /).flatMap((group) => {
        const inPart = / in part$/.test(group);
        return [...group.matchAll(/\d+/g)].map((match) => ({
          kind: verb[1] as Link["kind"],
          number: Number(match[0]),
          inPart,
        }));
      });
    }),
  );
}

function readRecords(): DecisionRecord[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const [title, blank, status] = fs.readFileSync(path.join(folder, file), "utf8").split("\n");
      const number = Number(file.slice(0, 4));
      expect(title, `${file}'s heading`).toMatch(new RegExp(`^# ${number}\\. `));
      expect(blank, `${file}: a blank line after the heading`).toBe("");
      const parts = /^\*\*Status:\*\* (.+)$/.exec(status)?.[1].split(" · ");
      expect(parts, `${file}'s third line is "**Status:** …"`).toBeDefined();
      const [standing, decided, ...relations] = parts!;
      expect(standing, `${file}'s status`).toMatch(standingPattern);
      expect(decided, `${file}'s date`).toMatch(/^decided \d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(decided.slice(8))), `${file}'s date is a day`).toBe(false);
      return { number, file, title, standing, links: linksOf(relations) };
    });
}

const records = readRecords();
const byNumber = new Map(records.map((record) => [record.number, record]));

/** What a record's standing says another did to it: "superseded by decision 45" → supersedes 45. */
function standingLink(record: DecisionRecord): { by: number; link: Omit<Link, "number"> } | null {
  const match = standingPattern.exec(record.standing)!;
  if (match[2]) return { by: Number(match[2]), link: { kind: "supersedes", inPart: true } };
  if (match[3]) return { by: Number(match[3]), link: { kind: "changes", inPart: false } };
  if (match[4]) return { by: Number(match[4]), link: { kind: "supersedes", inPart: false } };
  if (match[5]) return { by: Number(match[5]), link: { kind: "withdraws", inPart: false } };
  return null;
}

describe("docs/decisions", () => {
  it("numbers the records one after another from 1", () => {
    expect(records.map((record) => record.number)).toEqual(records.map((_, index) => index + 1));
  });

  it("links every supersession, withdrawal and change on both records", () => {
    for (const record of records) {
      const said = standingLink(record);
      if (said) {
        const other = byNumber.get(said.by);
        expect(other, `${record.file} names decision ${said.by}`).toBeDefined();
        expect(other!.links, `${other!.file} says what it did to decision ${record.number}`).toContainEqual({
          ...said.link,
          number: record.number,
        });
      }
      for (const link of record.links) {
        const other = byNumber.get(link.number);
        expect(other, `${record.file} names decision ${link.number}`).toBeDefined();
        expect(standingLink(other!), `${other!.file}'s status names decision ${record.number}`).toEqual({
          by: record.number,
          link: { kind: link.kind, inPart: link.inPart },
        });
      }
    }
  });

  it("says in the title of a record that no longer stands which one replaced it", () => {
    for (const record of records.filter((candidate) => !candidate.standing.startsWith("accepted"))) {
      expect(record.title, record.file).toContain(`decision ${standingLink(record)!.by}`);
    }
  });

  it("cites nothing outside the repository", () => {
    for (const record of records) {
      const text = fs.readFileSync(path.join(folder, record.file), "utf8");
      expect(text, record.file).not.toMatch(/\b(STYLE|DESIGN|SPEC)\.md\b|\.\.\/shared\//);
    }
  });
});
