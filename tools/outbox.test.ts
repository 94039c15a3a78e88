import { describe, expect, it } from "vitest";
import { formatEntry, formatQueued } from "./outbox.ts";

describe("npm run outbox", () => {
  const entry = {
    created_at: new Date(Date.UTC(2026, 10, 27, 9, 30)),
    to_address: "ada@example.com",
    subject: "Your subscription is cancelled",
    status: "queued",
    attempts: 2,
    last_error: "Resend answered HTTP 503",
    kind: "cancellation",
    ref: "sub_123",
    text_body: "It ends on 1 December 2026.\n",
  };

  it("shows when, to whom, the subject, the state with its reason, and the text", () => {
    expect(formatEntry(entry)).toBe(
      [
        "When:    2026-11-27T09:30:00.000Z",
        "To:      ada@example.com",
        "Subject: Your subscription is cancelled",
        "Status:  queued, 2 attempt(s): Resend answered HTTP 503",
        "About:   cancellation sub_123",
        "",
        "It ends on 1 December 2026.",
      ].join("\n"),
    );
  });

  it("says why a local message was not sent", () => {
    expect(formatEntry({ ...entry, status: "local", attempts: 0, last_error: null })).toContain(
      "Status:  local (kept here: no RESEND_API_KEY)",
    );
  });
});

describe("the requests waiting for a person", () => {
  it("shows when, what, which, the address and why it waits", () => {
    const request = {
      received_at: new Date(Date.UTC(2026, 10, 27, 9, 30)),
      id: "6f1c",
      kind: "cancel",
      status: "operator",
      email: "ada@example.com",
      last_error: null,
    };
    expect(formatQueued(request)).toBe(
      "2026-11-27T09:30:00.000Z  cancel    6f1c  ada@example.com  (to do)",
    );
    expect(
      formatQueued({ ...request, status: "failed", last_error: "billing_unavailable" }),
    ).toMatch(/\(failed: billing_unavailable\)$/);
  });
});
