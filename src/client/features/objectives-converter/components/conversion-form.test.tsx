import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ConversionFormValues, conversionFormSchema } from "#shared/schemas/conversions.ts";
import { ConversionForm } from "./conversion-form.tsx";

afterEach(cleanup);

function Harness({
  converting = false,
  onValid,
}: {
  converting?: boolean;
  onValid: (values: ConversionFormValues) => void;
}) {
  const form = useForm<ConversionFormValues>({
    resolver: zodResolver(conversionFormSchema),
    defaultValues: { discipline: "", originalObjective: "", context: "" },
  });
  return <ConversionForm form={form} converting={converting} onSubmit={form.handleSubmit(onValid)} />;
}

describe("the converter form (spec A §2, §5)", () => {
  it("shows the spec's messages and sends nothing when discipline and objective are missing", async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await userEvent.click(screen.getByRole("button", { name: "Convert to PBL Framework" }));
    expect(await screen.findByText("Please select a discipline")).toBeTruthy();
    expect(screen.getByText("Objective must be at least 10 characters")).toBeTruthy();
    expect(screen.getByLabelText("Traditional Learning Objective").getAttribute("aria-invalid")).toBe("true");
    expect(onValid).not.toHaveBeenCalled();
  });

  it("counts the objective's characters and submits valid values", async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await userEvent.selectOptions(screen.getByLabelText("Discipline"), "data-science");
    await userEvent.type(
      screen.getByLabelText("Traditional Learning Objective"),
      "Students will apply regression to real data.",
    );
    expect(screen.getByText(/^44 \/ 5,000 characters/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Convert to PBL Framework" }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      discipline: "data-science",
      originalObjective: "Students will apply regression to real data.",
    });
  });

  it("says it is converting and cannot be sent twice meanwhile", () => {
    render(<Harness converting onValid={vi.fn()} />);
    const button = screen.getByRole("button", { name: "Converting to PBL Framework..." });
    expect(button.hasAttribute("disabled")).toBe(true);
  });
});
