// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { contactMessages } from "~/contact/contact-schema";
import { shortenedNotes } from "~/contact/mailto";
import { notify } from "~/lib/notify";
import { openMailto } from "~/contact/open-mailto";
import { ContactForm, contactToast } from "./contact-form";

vi.mock("~/lib/notify", () => ({ notify: vi.fn(async () => {}) }));
vi.mock("~/contact/open-mailto", () => ({ openMailto: vi.fn() }));

const address = "support@castloop.com";

function setup() {
  const user = userEvent.setup();
  // user-event installs its own clipboard stub on setup; watch that one.
  const writeText = vi.spyOn(navigator.clipboard, "writeText");
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  render(<ContactForm address={address} />);
  const fields = {
    name: screen.getByLabelText("Name") as HTMLInputElement,
    email: screen.getByLabelText("Email") as HTMLInputElement,
    message: screen.getByLabelText("Message") as HTMLTextAreaElement,
  };
  const send = screen.getByRole("button", { name: "Send Message" });
  return { user, writeText, info, fields, send };
}

function openedUrl(): URL {
  expect(openMailto).toHaveBeenCalledTimes(1);
  return new URL(vi.mocked(openMailto).mock.calls[0]![0]);
}

beforeEach(() => {
  vi.mocked(openMailto).mockClear();
  vi.mocked(notify).mockClear();
});

describe("ContactForm", () => {
  it("has labelled fields with sensible types and no browser validation bubbles", () => {
    const { fields, send } = setup();
    expect(fields.name).toHaveAttribute("autocomplete", "name");
    expect(fields.email).toHaveAttribute("type", "email");
    expect(fields.email).toHaveAttribute("autocomplete", "email");
    expect(fields.message.tagName).toBe("TEXTAREA");
    expect(send).toHaveAttribute("type", "submit");
    expect(screen.getByRole("form", { name: "Contact form" })).toHaveAttribute("novalidate");
    for (const field of Object.values(fields)) {
      expect(field).toHaveValue("");
      expect(field).not.toHaveAttribute("aria-invalid");
    }
  });

  it("on an empty submit shows the three messages, marks the fields, focuses Name and opens nothing", async () => {
    const { user, fields, send } = setup();
    await user.click(send);
    // The first submit waits for the validation code, which loads on demand.
    await screen.findByText(contactMessages.name);

    for (const [key, message] of Object.entries(contactMessages)) {
      const field = fields[key as keyof typeof fields];
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(message);
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(fields.name).toHaveFocus();
    expect(openMailto).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it("focuses the first invalid field and clears each error as it is fixed", async () => {
    const { user, fields, send } = setup();
    await user.type(fields.name, "Ada");
    await user.type(fields.email, "ada@castloop");
    await user.type(fields.message, "Too short");
    await user.click(send);

    expect(fields.email).toHaveFocus();
    expect(fields.name).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText(contactMessages.email)).toBeVisible();
    expect(screen.getByText(contactMessages.message)).toBeVisible();

    // Once shown, errors follow every keystroke.
    await user.type(fields.email, ".com");
    expect(screen.queryByText(contactMessages.email)).toBeNull();
    expect(fields.email).not.toHaveAttribute("aria-invalid");
    expect(fields.email).not.toHaveAttribute("aria-describedby");
    await user.type(fields.message, "!");
    expect(screen.queryByText(contactMessages.message)).toBeNull();
    await user.clear(fields.name);
    expect(screen.getByText(contactMessages.name)).toBeVisible();
    expect(openMailto).not.toHaveBeenCalled();
  });

  it("focuses the first invalid field once, never again while the visitor types", async () => {
    const { user, fields, send } = setup();
    await user.click(send);
    await screen.findByText(contactMessages.name);
    // One macrotask: any timer the first submit queued has run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A second failed submit, then typing at once, before any timer has run: the form must
    // not move focus to the next invalid field once Name becomes valid (a deferred refocus).
    const ticks = async () => {
      for (let i = 0; i < 50; i++) await Promise.resolve();
    };
    fireEvent.click(send);
    await ticks();
    expect(fields.name).toHaveFocus();
    fireEvent.input(fields.name, { target: { value: "Ad" } });
    await ticks();
    // One macrotask, queued after any timer the failed submit set: that timer has run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fields.name).toHaveFocus();
  });

  it("does not send while a single field is still invalid", async () => {
    const { user, fields, send } = setup();
    await user.type(fields.name, "Ada");
    await user.type(fields.email, "ada@castloop.com");
    await user.type(fields.message, "   123456789   ");
    await user.click(send);
    expect(fields.message).toHaveFocus();
    expect(fields.message).toHaveAccessibleDescription(contactMessages.message);
    expect(openMailto).not.toHaveBeenCalled();
  });

  it("on a valid submit opens the mailto link, shows the success toast, logs and empties the fields", async () => {
    const { user, fields, send, info, writeText } = setup();
    await user.type(fields.name, "  Ada & Co ");
    await user.type(fields.email, "ada@castloop.com");
    await user.type(fields.message, "Hi team,{Enter}what does 50% off = ? #deal");
    await user.click(send);

    expect(vi.mocked(openMailto).mock.calls[0]![0]).toBe(
      "mailto:support@castloop.com?subject=Contact%20Form%20Submission%20from%20Ada%20%26%20Co" +
        "&body=Name%3A%20Ada%20%26%20Co%0D%0AEmail%3A%20ada%40castloop.com%0D%0AMessage%3A%0D%0A" +
        "Hi%20team%2C%0D%0Awhat%20does%2050%25%20off%20%3D%20%3F%20%23deal",
    );
    const url = openedUrl();
    expect(url.searchParams.get("subject")).toBe("Contact Form Submission from Ada & Co");
    await waitFor(() => expect(notify).toHaveBeenCalled());
    expect(notify).toHaveBeenCalledWith(
      "success",
      "Form submitted",
      "Thank you for your message. We'll get back to you soon!",
    );
    expect(info).toHaveBeenCalledWith("Contact form submitted", {
      name: "Ada & Co",
      email: "ada@castloop.com",
      message: "Hi team,\nwhat does 50% off = ? #deal",
    });
    expect(writeText).not.toHaveBeenCalled();
    for (const field of Object.values(fields)) expect(field).toHaveValue("");
    // The emptied form shows no errors until it is submitted again.
    expect(screen.queryByText(contactMessages.name)).toBeNull();
  });

  it("copies a 5,000-character message to the clipboard and says so", async () => {
    const { user, fields, send, writeText } = setup();
    const message = "Episode notes: ".repeat(334).slice(0, 5000);
    await user.type(fields.name, "Ada");
    await user.type(fields.email, "ada@castloop.com");
    await user.click(fields.message);
    await user.paste(message);
    await user.click(send);

    const fullText = `Name: Ada\r\nEmail: ada@castloop.com\r\nMessage:\r\n${message.trim()}`;
    expect(writeText).toHaveBeenCalledWith(fullText);
    await expect(navigator.clipboard.readText()).resolves.toBe(fullText);
    const url = openedUrl();
    expect(url.href.length).toBeLessThanOrEqual(1800);
    expect(url.searchParams.get("body")!.endsWith(shortenedNotes.clipboard)).toBe(true);
    await waitFor(() => expect(notify).toHaveBeenCalled());
    const [kind, title, description] = vi.mocked(notify).mock.calls[0]!;
    expect([kind, title]).toEqual(["success", "Form submitted"]);
    expect(description).toMatch(/^Thank you for your message\. We'll get back to you soon! /);
    expect(description).toMatch(/full text is on your clipboard/);
    expect(description).toContain(address);
    expect(fields.message).toHaveValue("");
  });

  it("keeps a long message in the form when the clipboard refuses it", async () => {
    const { user, fields, send, writeText } = setup();
    writeText.mockRejectedValueOnce(new DOMException("Denied", "NotAllowedError"));
    const message = "x".repeat(5000);
    await user.type(fields.name, "Ada");
    await user.type(fields.email, "ada@castloop.com");
    await user.click(fields.message);
    await user.paste(message);
    await user.click(send);

    expect(writeText).toHaveBeenCalledTimes(1);
    expect(openedUrl().searchParams.get("body")!.endsWith(shortenedNotes.manual)).toBe(true);
    await waitFor(() => expect(notify).toHaveBeenCalled());
    const description = vi.mocked(notify).mock.calls[0]![2];
    expect(description).toMatch(/copy the full text from the Message box/);
    expect(description).not.toMatch(/on your clipboard/);
    expect(fields.message).toHaveValue(message);
    expect(fields.name).toHaveValue("");
  });

  it("ignores the second click of a double click instead of showing errors on the emptied form", async () => {
    const { user, fields, send } = setup();
    await user.type(fields.name, "Ada");
    await user.type(fields.email, "ada@castloop.com");
    await user.type(fields.message, "Hello there, team!");
    await user.dblClick(send);
    expect(openMailto).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(contactMessages.name)).toBeNull();
  });

  it("keeps what was typed and says so when the validation code cannot load, and sends on the next try", async () => {
    // A fresh copy of the form, whose validation code has not been loaded yet.
    vi.resetModules();
    vi.doMock("~/contact/contact-resolver", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { ContactForm: FreshForm } = await import("./contact-form");
    const { notify: freshNotify } = await import("~/lib/notify");
    const { openMailto: freshOpenMailto } = await import("~/contact/open-mailto");
    const user = userEvent.setup();
    vi.spyOn(console, "info").mockImplementation(() => {});
    render(<FreshForm address={address} />);
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@castloop.com");
    await user.type(screen.getByLabelText("Message"), "Hello there, team!");
    const send = screen.getByRole("button", { name: "Send Message" });
    await user.click(send);

    await waitFor(() =>
      expect(freshNotify).toHaveBeenCalledWith("error", contactToast.unavailable),
    );
    expect(freshOpenMailto).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
    expect(screen.getByLabelText("Message")).toHaveValue("Hello there, team!");

    vi.doUnmock("~/contact/contact-resolver");
    await user.click(send);
    await waitFor(() => expect(freshOpenMailto).toHaveBeenCalledTimes(1));
    const url = new URL(vi.mocked(freshOpenMailto).mock.calls[0]![0]);
    expect(url.searchParams.get("body")).toContain("Hello there, team!");
  });
});
