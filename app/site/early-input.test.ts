import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { earlyInputScript } from "./early-input";

/** A page with the capture script in its head, as app/root.tsx renders it, before hydration. */
function page(body: string) {
  const dom = new JSDOM(
    `<!doctype html><html><head><script>${earlyInputScript}</script></head><body>${body}</body></html>`,
    { runScripts: "dangerously" },
  );
  const { window } = dom;
  const hydrate = async () => {
    window.document.documentElement.setAttribute("data-hydrated", "");
    // The observer runs as a microtask and queues the replay as a 0 ms timer; a 0 ms timer queued
    // after it runs after it (timers of one delay fire in order), whatever the machine's load.
    await Promise.resolve();
    await new Promise((resolve) => window.setTimeout(resolve, 0));
  };
  return { window, document: window.document, hydrate };
}

describe("earlyInputScript", () => {
  it("holds a click on a button until hydration, then replays it once", async () => {
    const { document, hydrate } = page('<button type="button">Open menu</button>');
    const button = document.querySelector("button")!;
    let clicks = 0;
    // What React's root listener would see.
    document.addEventListener("click", () => clicks++);
    button.click();
    expect(clicks).toBe(0);
    await hydrate();
    expect(clicks).toBe(1);
    button.click();
    expect(clicks).toBe(2);
  });

  it("leaves links and disabled buttons alone", async () => {
    const { window, document, hydrate } = page(
      '<a href="#next">Next</a><button type="button" disabled>Busy</button>',
    );
    let clicks = 0;
    document.addEventListener("click", () => clicks++);
    const link = document.querySelector("a")!;
    const event = new window.MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(clicks).toBe(1);
    await hydrate();
    expect(clicks).toBe(1);
  });

  it("holds a form's submission, then submits it again with the same submitter", async () => {
    const { window, document, hydrate } = page(
      '<form><input name="q"><button name="go" value="1">Send</button></form>',
    );
    const form = document.querySelector("form")!;
    const submitters: (string | undefined)[] = [];
    document.addEventListener("submit", (event) => {
      event.preventDefault();
      submitters.push((event as SubmitEvent).submitter?.getAttribute("name") ?? undefined);
    });
    const event = new window.SubmitEvent("submit", {
      bubbles: true,
      cancelable: true,
      submitter: form.querySelector("button"),
    });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(submitters).toEqual([]);
    await hydrate();
    expect(submitters).toEqual(["go"]);
  });

  it("announces a value typed before hydration again, through the prototype's setter", async () => {
    const { window, document, hydrate } = page('<input type="search">');
    const input = document.querySelector("input")!;
    input.value = "refund";
    input.dispatchEvent(new window.Event("input", { bubbles: true }));
    const seen: string[] = [];
    document.addEventListener("input", () => seen.push(input.value));
    await hydrate();
    expect(seen).toEqual(["refund"]);
    expect(input.value).toBe("refund");
  });

  it("does nothing after hydration", async () => {
    const { window, document, hydrate } = page('<button type="button">Go</button>');
    await hydrate();
    const event = new window.MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("button")!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
