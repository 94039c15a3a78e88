import { describe, expect, it } from "vitest";
import { KEEP_LINK_FIELD_MARKER, keepPageWithToken } from "./keep-link.ts";

const page = `<form><input type="hidden" name="action" value="keep"/><input id="t" type="text" required="" ${KEEP_LINK_FIELD_MARKER} name="token"/></form>`;

describe("the keep page opened from the e-mail's link", () => {
  it("fills the link's token into the field", () => {
    const html = keepPageWithToken(page, "?token=v2.sub_1.abc-def.1797013264.Sig_-x");
    expect(html).toContain(
      `${KEEP_LINK_FIELD_MARKER} value="v2.sub_1.abc-def.1797013264.Sig_-x" name="token"/>`,
    );
  });

  it("escapes whatever the address holds, so it stays one attribute value", () => {
    const html = keepPageWithToken(page, `?token=${encodeURIComponent('a"><script>x</script>&')}`);
    expect(html).toContain('value="a&quot;&gt;&lt;script&gt;x&lt;/script&gt;&amp;"');
    expect(html).not.toContain("<script>");
  });

  it("leaves the page alone without a token, with an oversized one, or without one marked field", () => {
    expect(keepPageWithToken(page, "")).toBeUndefined();
    expect(keepPageWithToken(page, "?token=")).toBeUndefined();
    expect(keepPageWithToken(page, `?token=${"a".repeat(2001)}`)).toBeUndefined();
    expect(keepPageWithToken("<form></form>", "?token=abc")).toBeUndefined();
    expect(keepPageWithToken(page + page, "?token=abc")).toBeUndefined();
  });
});
