import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SnippetText } from "./snippet-text.tsx";

describe("SnippetText", () => {
  it("renders the marked parts as <mark>, in order with the text around them", () => {
    const { container } = render(
      <p>
        <SnippetText
          snippet={[
            { text: "The ", marked: false },
            { text: "enzyme", marked: true },
            { text: " binds its ", marked: false },
            { text: "substrate", marked: true },
            { text: ".", marked: false },
          ]}
        />
      </p>,
    );
    expect([...container.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual([
      "enzyme",
      "substrate",
    ]);
    expect(container.textContent).toBe("The enzyme binds its substrate.");
  });

  it("renders markup and entities in the parts as plain text", () => {
    const { container } = render(
      <p>
        <SnippetText
          snippet={[
            { text: '<script>alert(1)</script> <img src=x onerror="y"> &amp; ', marked: false },
            { text: "<b>kinetics</b>", marked: true },
          ]}
        />
      </p>,
    );
    expect([...container.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual([
      "<b>kinetics</b>",
    ]);
    // Nothing but the mark became an element: the script, the image and the bold are text.
    expect(container.querySelectorAll("script, img, b")).toHaveLength(0);
    expect(container.textContent).toBe(
      '<script>alert(1)</script> <img src=x onerror="y"> &amp; <b>kinetics</b>',
    );
  });
});
