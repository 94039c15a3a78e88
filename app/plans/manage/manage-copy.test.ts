import { describe, expect, it } from "vitest";
import { keepLinkValidity } from "../../../supabase/functions/_shared/contract.ts";
import { cancelEmailNotes } from "./manage-copy";

describe("what the cancellation pages say the e-mail holds", () => {
  it.each(Object.entries(cancelEmailNotes))(
    "%s: the undo link's validity, and the path where a person completes it",
    (_where, note) => {
      expect(note).toContain(`a link that undoes the cancellation ${keepLinkValidity}`);
      expect(note).toMatch(/where a person on our team completes the cancellation instead/i);
    },
  );
});
