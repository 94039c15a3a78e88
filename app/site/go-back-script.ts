/** The id of the not-found page's Go Back link, which `goBackScript` enhances. */
export const goBackId = "go-back";

/**
 * The not-found page's only script, inline and allowed by its hash like every inline script
 * (ADR 005), so the page ships no module (ADR 009). It logs the path that was not found, as
 * docs/product.md asks, and turns Go Back, a link to `/` that works without JavaScript, into a step back in
 * the browser's history when there is one to go back to. It runs right after the link is parsed.
 */
export const goBackScript = `(() => {
  console.warn("404: no page at " + location.pathname);
  document.getElementById(${JSON.stringify(goBackId)}).addEventListener("click", (event) => {
    // history.length also counts entries ahead of this one; the Navigation API knows the way back.
    if (!(window.navigation ? navigation.canGoBack : history.length > 1)) return;
    event.preventDefault();
    history.back();
  });
})();`;
