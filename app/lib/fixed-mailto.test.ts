import { describe, expect, it } from "vitest";
import { fixedMailto } from "./fixed-mailto";

describe("fixedMailto", () => {
  it("carries the subject and a CRLF body as a mail client reads them", () => {
    const url = new URL(fixedMailto("support@castloop.com", "Cancel my plan", "One\nTwo & three"));
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("support@castloop.com");
    expect(url.search).toBe("?subject=Cancel%20my%20plan&body=One%0D%0ATwo%20%26%20three");
  });
});
