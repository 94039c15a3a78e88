// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fieldCopy, KEEP_BUTTON_LABEL } from "~/plans/manage/manage-copy";
import { CancelForm, KeepForm, WithdrawForm } from "./subscription-forms";

// The forms' words come from manage-copy.ts; the undo button's from the contract, which the
// cancellation e-mail's link text uses too.

describe("the manage forms", () => {
  it("label and explain the cancel field from the copy module", () => {
    render(<CancelForm />);
    const field = screen.getByLabelText(fieldCopy.cancelEmail.label);
    expect(field).toHaveAccessibleDescription(fieldCopy.cancelEmail.hint);
  });

  it("label every withdrawal field from the copy module", () => {
    render(<WithdrawForm />);
    for (const copy of [fieldCopy.name, fieldCopy.plan, fieldCopy.subscribedOn]) {
      expect(screen.getByLabelText(copy.label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(fieldCopy.withdrawEmail.label)).toHaveAccessibleDescription(
      fieldCopy.withdrawEmail.hint,
    );
    expect(screen.getByLabelText(fieldCopy.confirmTo.label)).toHaveAccessibleDescription(
      fieldCopy.confirmTo.hint,
    );
  });

  it("name the undo button with the contract's words, which its hint quotes", () => {
    render(<KeepForm />);
    expect(screen.getByRole("button", { name: KEEP_BUTTON_LABEL })).toBeInTheDocument();
    expect(screen.getByLabelText(fieldCopy.token.label)).toHaveAccessibleDescription(
      fieldCopy.token.hint,
    );
    expect(fieldCopy.token.hint).toContain(`"${KEEP_BUTTON_LABEL}"`);
  });
});
