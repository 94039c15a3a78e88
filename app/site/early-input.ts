/**
 * Keeps the taps, clicks and key presses a visitor makes before React has hydrated (ADR 007).
 * Links, `<details>`, popover toggles and forms with an `action` (a checkout post, a search)
 * work without JavaScript and are left alone (ADR 009). A click on another `<button>` (a key
 * press on one arrives as a click too) or another form's submission would be lost, so it is stopped
 * before it does anything and replayed once `<html data-hydrated>` appears (app/root.tsx sets it
 * when the page has hydrated). A form field keeps what was typed or picked, but React adopts the
 * value without an onChange, so the change is announced again then: the field's own value setter
 * (which React watches) is given the old value, the prototype's the new one, and the event React
 * listens for follows. app/root.tsx renders it in the `<head>` of a page that hydrates, before
 * anything paints; the CSP allows it by its hash.
 */
export const earlyInputScript = `(() => {
  const root = document.documentElement;
  const queue = [];
  const fields = new Set();
  const waiting = () => !root.hasAttribute("data-hydrated");
  const native = (form) => form instanceof HTMLFormElement && form.hasAttribute("action");
  const hold = (event, replay) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push(replay);
  };
  addEventListener("click", (event) => {
    const button = waiting() && event.target instanceof Element && event.target.closest("button:not([popovertarget])");
    // A submit button is left to the browser: it checks the form's fields, then submits, and
    // the submission is held below unless the form works without script.
    if (button && !button.disabled && !(button.type === "submit" && button.form)) {
      hold(event, () => button.isConnected && button.click());
    }
  }, true);
  addEventListener("submit", (event) => {
    const form = event.target;
    const by = event.submitter;
    if (waiting() && !native(form)) hold(event, () => form.isConnected && form.requestSubmit(by?.isConnected ? by : null));
  }, true);
  addEventListener("input", (event) => waiting() && fields.add(event.target), true);
  const announce = (field) => {
    if (!field.isConnected) return;
    if (field.type === "checkbox" || field.type === "radio") {
      if (field.type === "radio" && !field.checked) return;
      field.checked = !field.checked;
      field.click();
    } else if (field instanceof HTMLSelectElement) {
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field.value !== "") {
      const value = field.value;
      field.value = "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value").set.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  };
  new MutationObserver((records, observer) => {
    if (waiting()) return;
    observer.disconnect();
    setTimeout(() => {
      fields.forEach(announce);
      queue.splice(0).forEach((replay) => replay());
    });
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
})();`;
