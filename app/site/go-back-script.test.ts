import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import { goBackId, goBackScript } from "./go-back-script";

/** The not-found page's Go Back link followed by its script, as app/routes/not-found.tsx renders them. */
function notFoundAt(url: string, pushedEntries = 0) {
  const dom = new JSDOM(`<!doctype html><html><body></body></html>`, {
    url,
    runScripts: "dangerously",
  });
  const { window } = dom;
  for (let i = 0; i < pushedEntries; i++) window.history.pushState(null, "", url);
  const warn = vi.fn();
  window.console.warn = warn;
  const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
  window.document.body.innerHTML = `<a id="${goBackId}" href="/">Go Back</a>`;
  const script = window.document.createElement("script");
  script.textContent = goBackScript;
  window.document.body.append(script);
  const link = window.document.getElementById(goBackId)!;
  const click = () => {
    const event = new window.MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    return event;
  };
  return { warn, back, click };
}

describe("goBackScript", () => {
  it("logs the path that was not found", () => {
    const { warn } = notFoundAt("https://castloop.test/no-such-page?x=1");
    expect(warn).toHaveBeenCalledWith("404: no page at /no-such-page");
  });

  it("steps back in history when there is a page to go back to", () => {
    const { back, click } = notFoundAt("https://castloop.test/no-such-page", 1);
    const event = click();
    expect(back).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
  });

  it("lets the link lead home when the tab has no history", () => {
    const { back, click } = notFoundAt("https://castloop.test/no-such-page");
    const event = click();
    expect(back).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});
