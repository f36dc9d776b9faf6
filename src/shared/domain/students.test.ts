import { describe, expect, it } from "vitest";
import { countStudents } from "./students.ts";

const from = (studentName: string, studentEmail?: string | null) => ({ studentName, studentEmail });

describe("countStudents", () => {
  it("counts nobody without contributions", () => {
    expect(countStudents([])).toBe(0);
  });

  it("counts one student per e-mail, whatever its case or spaces and the name given", () => {
    expect(
      countStudents([
        from("Sam Lee", "sam@students.test"),
        from("Sam", " SAM@students.test "),
        from("Kim", "kim@students.test"),
      ]),
    ).toBe(2);
  });

  it("counts by name when no e-mail was given, ignoring case and spaces", () => {
    expect(
      countStudents([from("Ana Lima"), from("  ana   LIMA "), from("Leo Park", ""), from("Leo Park", null)]),
    ).toBe(2);
  });

  it("counts a name without e-mail as the student who gave that name with an e-mail", () => {
    expect(countStudents([from("Maya Chen", "maya@students.test"), from("maya chen")])).toBe(1);
    // two students share a name and gave e-mails; a third contribution by that name adds nobody
    expect(
      countStudents([from("Sam", "sam1@students.test"), from("Sam", "sam2@students.test"), from("Sam")]),
    ).toBe(2);
  });

  it("tells apart students who gave no e-mail by their names", () => {
    expect(countStudents([from("Ana"), from("Leo"), from("Maya", "maya@students.test")])).toBe(3);
  });
});
