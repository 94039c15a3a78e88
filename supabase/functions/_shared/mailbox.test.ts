import { describe, expect, it } from "vitest";
import { canonicalMailbox } from "./mailbox.ts";

describe("canonicalMailbox", () => {
  it("reads twelve spellings of one Gmail inbox as one mailbox", () => {
    const spellings = [
      "adalovelace@gmail.com",
      "AdaLovelace@gmail.com",
      "ada.lovelace@gmail.com",
      "a.d.a.l.o.v.e.l.a.c.e@gmail.com",
      "adalovelace+1@gmail.com",
      "Ada.Lovelace+news@GMAIL.COM",
      "adalovelace@googlemail.com",
      "ada.lovelace+x@GoogleMail.com",
      "adalovelace@gmail.com.",
      "ａｄａｌｏｖｅｌａｃｅ@gmail.com",
      "adalovelace@ｇｍａｉｌ.ｃｏｍ",
      " adalovelace@gmail.com ",
    ];
    expect(new Set(spellings.map(canonicalMailbox))).toEqual(new Set(["adalovelace@gmail.com"]));
  });

  it("drops the +tag and the domain's trailing dot everywhere, and dots only at Gmail", () => {
    expect(canonicalMailbox("A.B+c+d@X.com.")).toBe("a.b@x.com");
    expect(canonicalMailbox("+only@x.com")).toBe("+only@x.com");
  });

  it("writes an international domain in IDNA", () => {
    expect(canonicalMailbox("ada@Bücher.de")).toBe("ada@xn--bcher-kva.de");
    expect(canonicalMailbox("ada@xn--bcher-kva.de")).toBe("ada@xn--bcher-kva.de");
  });
});
