import { describe, expect, it } from "vitest";
import {
  buildContactMailto,
  contactBody,
  contactSubject,
  shortenedNotes,
  type ContactMessage,
} from "./mailto";

const address = "support@castloop.com";
const ada: ContactMessage = {
  name: "Ada Lovelace",
  email: "ada@castloop.com",
  message: "Hello there, team!",
};

/** Parses a link the way a mail client would, and checks the parts we rely on. */
function parse(href: string) {
  const url = new URL(href);
  expect(url.protocol).toBe("mailto:");
  expect(url.pathname).toBe(address);
  expect([...url.searchParams.keys()]).toEqual(["subject", "body"]);
  const raw = Object.fromEntries(
    url.search
      .slice(1)
      .split("&")
      .map((pair) => pair.split("=") as [string, string]),
  );
  return {
    subject: decodeURIComponent(raw.subject ?? ""),
    body: decodeURIComponent(raw.body ?? ""),
    encodedSubject: raw.subject ?? "",
    encodedBody: raw.body ?? "",
  };
}

describe("buildContactMailto", () => {
  it("addresses support with docs/product.md's subject and a CRLF body of Name, Email and Message", () => {
    const { href, truncated } = buildContactMailto(ada, address);
    expect(truncated).toBe(false);
    expect(href).toBe(
      "mailto:support@castloop.com?subject=Contact%20Form%20Submission%20from%20Ada%20Lovelace" +
        "&body=Name%3A%20Ada%20Lovelace%0D%0AEmail%3A%20ada%40castloop.com%0D%0AMessage%3A%0D%0AHello%20there%2C%20team!",
    );
    expect(parse(href)).toMatchObject({
      subject: "Contact Form Submission from Ada Lovelace",
      body: "Name: Ada Lovelace\r\nEmail: ada@castloop.com\r\nMessage:\r\nHello there, team!",
    });
  });

  it.each([
    ["spaces", "a b  c"],
    ["plus", "1+1 = 2, a+b@c"],
    ["ampersand", "Tom & Jerry"],
    ["equals", "a=b==c"],
    ["question mark", "Why? Really?"],
    ["hash", "#1 podcast #growth"],
    ["percent", "100% sure, %41 %0D%0A %zz %"],
    ["emoji", "Great show 🎙️👍🏽🚀"],
    ["CJK", "播客内容很好。ポッドキャスト"],
    ["RTL", "שלום עולם — مرحبا بالعالم"],
    ["quotes and brackets", `"quoted" 'single' <tag> (round) [square] {curly}`],
    ["slashes and colons", "https://castloop.com/a/b?c=d#e; x:y, a\\b"],
  ])("round-trips %s through new URL()", (_, text) => {
    const values = { name: text, email: "ada@castloop.com", message: `${text}\nline two` };
    const { href } = buildContactMailto(values, address);
    const parsed = parse(href);
    expect(parsed.subject).toBe(`Contact Form Submission from ${text}`);
    expect(parsed.body).toBe(
      `Name: ${text}\r\nEmail: ada@castloop.com\r\nMessage:\r\n${text}\r\nline two`,
    );
    // URLSearchParams reads the same values.
    const url = new URL(href);
    expect(url.searchParams.get("subject")).toBe(parsed.subject);
    expect(url.searchParams.get("body")).toBe(parsed.body);
  });

  it("never writes + for a space (RFC 6068), and encodes a literal + as %2B", () => {
    const { href } = buildContactMailto(
      { ...ada, name: "A B+C", message: "one two+three" },
      address,
    );
    const query = href.slice(href.indexOf("?"));
    expect(query).not.toContain("+");
    expect(query).toContain("A%20B%2BC");
    expect(query).toContain("one%20two%2Bthree");
  });

  it("normalises every kind of line break in the body to CRLF", () => {
    const { href } = buildContactMailto({ ...ada, message: "a\nb\r\nc\rd\n\ne" }, address);
    expect(parse(href).body.endsWith("Message:\r\na\r\nb\r\nc\r\nd\r\n\r\ne")).toBe(true);
    expect(parse(href).encodedBody).not.toMatch(/%0A%0A|%0D%0D|(?<!%0D)%0A/);
  });

  describe("header injection", () => {
    const attempts = [
      "x&bcc=a@evil.com",
      "x?cc=a@evil.com",
      "x%0D%0ABcc: a@evil.com",
      "x\r\nBcc: a@evil.com",
      "x\nto=a@evil.com&from=b@evil.com",
      "x\rreply-to=a@evil.com",
      "x&body=replaced&subject=replaced",
      "x\u2028Bcc: a@evil.com",
    ];

    it.each(attempts)("%j in any field adds no header and no recipient", (attack) => {
      for (const values of [
        { ...ada, name: attack },
        { ...ada, email: attack },
        { ...ada, message: attack },
        { name: attack, email: attack, message: attack },
      ]) {
        const { href } = buildContactMailto(values, address);
        const url = new URL(href);
        expect([...url.searchParams.keys()]).toEqual(["subject", "body"]);
        expect(url.pathname).toBe(address);
        const { subject, body } = parse(href);
        expect(subject).not.toMatch(/[\r\n]/);
        expect(subject.startsWith("Contact Form Submission from ")).toBe(true);
        // The name and e-mail lines stay single lines in the body, too.
        const lines = body.split("\r\n");
        expect(lines[0]).toMatch(/^Name: /);
        expect(lines[1]).toMatch(/^Email: /);
        expect(lines[2]).toBe("Message:");
      }
    });

    it("collapses line breaks in the name to one space and keeps the text", () => {
      expect(contactSubject("x\r\nBcc: a@evil.com")).toBe(
        "Contact Form Submission from x Bcc: a@evil.com",
      );
      expect(contactSubject("a\n\n\nb\rc")).toBe("Contact Form Submission from a b c");
      expect(
        parse(buildContactMailto({ ...ada, name: "x%0D%0ABcc: a" }, address).href).subject,
      ).toBe("Contact Form Submission from x%0D%0ABcc: a");
    });
  });

  it("replaces lone surrogates, which encodeURIComponent cannot encode", () => {
    const values = { name: "a\uD800b", email: "ada@castloop.com", message: "\uDC00 hello\uD83D" };
    const { href } = buildContactMailto(values, address);
    expect(parse(href).subject).toBe("Contact Form Submission from a\uFFFDb");
    expect(contactBody(values).endsWith("\uFFFD hello\uFFFD")).toBe(true);
  });

  describe("the 1,800-character cap", () => {
    it("keeps a short message whole, right up to the limit", () => {
      const head = buildContactMailto({ ...ada, message: "" }, address).href.length;
      const fits = { ...ada, message: "m".repeat(1800 - head) };
      expect(buildContactMailto(fits, address)).toMatchObject({ truncated: false });
      expect(buildContactMailto(fits, address).href).toHaveLength(1800);
      const over = { ...ada, message: "m".repeat(1801 - head) };
      const cut = buildContactMailto(over, address);
      expect(cut.truncated).toBe(true);
      expect(cut.href.length).toBeLessThanOrEqual(1800);
    });

    it("cuts a 10,000-character message, says so, and returns the full body", () => {
      const message = "Lorem podcast words. ".repeat(500).slice(0, 10_000);
      const result = buildContactMailto({ ...ada, message }, address);
      expect(result.truncated).toBe(true);
      expect(result.href.length).toBeLessThanOrEqual(1800);
      expect(result.href.length).toBeGreaterThan(1700);
      expect(result.body).toBe(contactBody({ ...ada, message }));
      const { subject, body } = parse(result.href);
      expect(subject).toBe("Contact Form Submission from Ada Lovelace");
      expect(body.endsWith(`\r\n${shortenedNotes.clipboard}`)).toBe(true);
      const kept = body.slice(0, -`\r\n${shortenedNotes.clipboard}`.length);
      expect(kept.length).toBeGreaterThan(500);
      expect(result.body.startsWith(kept)).toBe(true);
    });

    it("uses the note it is given", () => {
      const message = "x".repeat(5000);
      const { href } = buildContactMailto({ ...ada, message }, address, {
        note: shortenedNotes.manual,
      });
      expect(parse(href).body.endsWith(`\r\n${shortenedNotes.manual}`)).toBe(true);
    });

    it("honours a smaller maxLength", () => {
      const { href, truncated } = buildContactMailto(
        { ...ada, message: "x".repeat(600) },
        address,
        {
          maxLength: 500,
        },
      );
      expect(truncated).toBe(true);
      expect(href.length).toBeLessThanOrEqual(500);
    });

    it("never splits an escape or a surrogate pair when cutting multi-byte text", () => {
      for (const unit of ["😀", "é", "李", "%", "\r\n", "a😀", "👍🏽 "]) {
        // Names of different lengths move the cut across every offset of an escape.
        for (let extra = 0; extra < 12; extra++) {
          const name = `Ada${"y".repeat(extra)}`;
          const message = unit.repeat(1000);
          const { href } = buildContactMailto({ ...ada, name, message }, address);
          expect(href.length).toBeLessThanOrEqual(1800);
          const { body, encodedBody } = parse(href);
          expect(encodedBody).not.toMatch(/%(?![0-9A-F]{2})/);
          expect(body).not.toMatch(
            /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
          );
          expect(body).not.toMatch(/\r(?!\n)/);
        }
      }
    });

    it("shortens a very long name in the subject but keeps the whole body when it fits", () => {
      const name = "N".repeat(1000);
      const result = buildContactMailto({ ...ada, name }, address);
      expect(result.href.length).toBeLessThanOrEqual(1800);
      expect(result.truncated).toBe(false);
      const { subject, body } = parse(result.href);
      expect(subject).toMatch(/^Contact Form Submission from N+…$/);
      expect(body).toBe(contactBody({ ...ada, name }));
    });

    it("leaves room for the message when the name is huge", () => {
      const result = buildContactMailto(
        { name: "😀".repeat(5000), email: "ada@castloop.com", message: "m".repeat(5000) },
        address,
      );
      expect(result.truncated).toBe(true);
      expect(result.href.length).toBeLessThanOrEqual(1800);
      expect(parse(result.href).encodedSubject.length).toBeLessThanOrEqual(450);
    });

    it("refuses an address that leaves no room for a message", () => {
      expect(() =>
        buildContactMailto(
          { ...ada, message: "x".repeat(3000) },
          `${"a".repeat(1790)}@castloop.com`,
        ),
      ).toThrow(RangeError);
    });

    it("holds for a few hundred random Unicode inputs (seeded)", () => {
      const random = mulberry32(6068);
      for (let run = 0; run < 300; run++) {
        const values = {
          name: randomText(random, Math.floor(random() * (run % 10 === 0 ? 3000 : 60))),
          email: randomText(random, Math.floor(random() * 40)),
          message: randomText(random, Math.floor(random() * 10_000)),
        };
        const result = buildContactMailto(values, address);
        expect(result.href.length).toBeLessThanOrEqual(1800);
        const url = new URL(result.href);
        expect([...url.searchParams.keys()]).toEqual(["subject", "body"]);
        const { subject, body } = parse(result.href);
        expect(subject).not.toMatch(/[\r\n]/);
        expect(result.body).toBe(contactBody(values));
        if (result.truncated) {
          const kept = body.slice(0, -`\r\n${shortenedNotes.clipboard}`.length);
          expect(body.endsWith(shortenedNotes.clipboard)).toBe(true);
          expect(result.body.startsWith(kept)).toBe(true);
        } else {
          expect(body).toBe(result.body);
        }
      }
    });
  });
});

/** A small seeded PRNG, so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pools: [number, number][] = [
  [0x20, 0x7e], // ASCII, including & = ? # % +
  [0x00, 0x1f], // control characters, including CR and LF
  [0xa0, 0x2ff], // Latin
  [0x590, 0x6ff], // Hebrew and Arabic (right to left)
  [0x4e00, 0x9fff], // CJK
  [0x2000, 0x206f], // punctuation, including U+2028 and bidi controls
  [0x1f300, 0x1faff], // emoji (astral: surrogate pairs)
  [0x10000, 0x10ffff], // anything astral
  [0xd800, 0xdfff], // lone surrogates, as a broken paste could give
];

function randomText(random: () => number, length: number): string {
  let text = "";
  while (text.length < length) {
    const [from, to] = pools[Math.floor(random() * pools.length)]!;
    const roll = random();
    if (roll < 0.05) text += "\r\n";
    else if (roll < 0.1) text += "&bcc=a@evil.com?cc=b@evil.com#%0D%0A+";
    else text += String.fromCodePoint(from + Math.floor(random() * (to - from + 1)));
  }
  return text;
}
