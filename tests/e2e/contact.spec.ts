import { expect, test, waitForHydration, type Page } from "./test";

const messages = [
  "Name must be at least 2 characters",
  "Please enter a valid email address",
  "Message must be at least 10 characters",
];

/**
 * Records the mailto: links the page opens. Chromium hands them to the OS instead of loading
 * them, so the page never leaves /contact; the DevTools protocol still reports each navigation
 * the page asks for, with its full URL.
 */
async function recordMailto(page: Page) {
  const opened: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.enable");
  cdp.on("Page.frameRequestedNavigation", ({ url }) => {
    if (url.startsWith("mailto:")) opened.push(url);
  });
  return {
    opened,
    /**
     * Every link requested before this call: the page reports a request on this session before
     * it answers a later command on it, so one round trip replaces a wait for stragglers.
     */
    soFar: async () => {
      await cdp.send("Runtime.evaluate", { expression: "0" });
      return opened;
    },
  };
}

/** The support address, as the page's own fallback link gives it. */
async function supportAddress(page: Page): Promise<string> {
  const href = await page.getByRole("main").getByRole("link", { name: /@/ }).getAttribute("href");
  expect(href).toMatch(/^mailto:[^?]+$/);
  return href!.slice("mailto:".length);
}

/** Loads /contact and waits until React has taken over the form. */
async function openContact(page: Page) {
  await page.goto("/contact");
  await waitForHydration(page);
  return {
    name: page.getByLabel("Name"),
    email: page.getByLabel("Email"),
    message: page.getByLabel("Message"),
    send: page.getByRole("button", { name: "Send Message" }),
  };
}

function parseMailto(href: string) {
  const url = new URL(href);
  const raw = Object.fromEntries(
    url.search
      .slice(1)
      .split("&")
      .map((pair) => pair.split("=")),
  );
  return {
    url,
    keys: [...url.searchParams.keys()],
    subject: decodeURIComponent(raw.subject ?? ""),
    body: decodeURIComponent(raw.body ?? ""),
  };
}

test.describe("the contact form", () => {
  test("an empty submit shows the three messages, focuses Name and opens nothing", async ({
    page,
  }) => {
    const form = await openContact(page);
    const mailto = await recordMailto(page);
    await form.send.click();

    for (const text of messages) await expect(page.getByText(text)).toBeVisible();
    await expect(form.name).toBeFocused();
    for (const field of [form.name, form.email, form.message]) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
    }
    await expect(form.email).toHaveAccessibleDescription(messages[1]!);
    expect(await mailto.soFar()).toEqual([]);
    expect(page.url()).toMatch(/\/contact$/);
  });

  test("a valid submit opens the prefilled mailto link, shows the toast and empties the form", async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const form = await openContact(page);
    const address = await supportAddress(page);
    const { opened } = await recordMailto(page);

    const text = "Hi team,\nwhat does 50% off + tax = ? #deal & more 🎙️ שלום 播客";
    await form.name.fill("Ada & Co");
    await form.email.fill("ada@castloop.com");
    await form.message.fill(text);
    await form.send.click();

    await expect.poll(() => opened.length).toBe(1);
    const mail = parseMailto(opened[0]!);
    expect(mail.url.protocol).toBe("mailto:");
    expect(mail.url.pathname).toBe(address);
    expect(mail.keys).toEqual(["subject", "body"]);
    expect(opened[0]).not.toContain("+");
    expect(mail.subject).toBe("Contact Form Submission from Ada & Co");
    expect(mail.body).toBe(
      `Name: Ada & Co\r\nEmail: ada@castloop.com\r\nMessage:\r\n${text.replace(/\n/g, "\r\n")}`,
    );

    await expect(page.getByText("Form submitted")).toBeVisible();
    await expect(
      page.getByText("Thank you for your message. We'll get back to you soon!"),
    ).toBeVisible();
    for (const field of [form.name, form.email, form.message]) await expect(field).toHaveValue("");
    for (const text of messages) await expect(page.getByText(text)).toHaveCount(0);
    expect(page.url()).toMatch(/\/contact$/);
    // Neither the form post nor the navigation trips the Content-Security-Policy.
    expect(problems).toEqual([]);
  });

  test("a long message is shortened in the link and copied whole to the clipboard", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const form = await openContact(page);
    const address = await supportAddress(page);
    const { opened } = await recordMailto(page);

    const text = "Notes on episode 42, with links & timestamps. ".repeat(110).trim();
    await form.name.fill("Ada");
    await form.email.fill("ada@castloop.com");
    await form.message.fill(text);
    await form.send.click();

    await expect.poll(() => opened.length).toBe(1);
    expect(opened[0]!.length).toBeLessThanOrEqual(1800);
    const mail = parseMailto(opened[0]!);
    expect(mail.keys).toEqual(["subject", "body"]);
    expect(mail.body).toMatch(/\r\n…\(message shortened: the full text is on your clipboard\)$/);
    const full = `Name: Ada\r\nEmail: ada@castloop.com\r\nMessage:\r\n${text}`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    await expect(page.getByText(/full text is on your clipboard/)).toBeVisible();
    await expect(
      page.getByText(new RegExp(`paste it into the e-mail to ${address}`)),
    ).toBeVisible();
    await expect(form.message).toHaveValue("");
  });

  for (const key of ["Enter", "Space"]) {
    test(`works from the keyboard alone (${key} on Send Message)`, async ({ page }) => {
      const form = await openContact(page);
      const { opened } = await recordMailto(page);

      // Tab from the top of the page to the first field.
      for (let presses = 0; presses < 40; presses++) {
        await page.keyboard.press("Tab");
        if (await form.name.evaluate((input) => input === document.activeElement)) break;
      }
      await expect(form.name).toBeFocused();
      await page.keyboard.type("Grace Hopper");
      await page.keyboard.press("Tab");
      await expect(form.email).toBeFocused();
      await page.keyboard.type("grace@castloop.com");
      await page.keyboard.press("Tab");
      await expect(form.message).toBeFocused();
      await page.keyboard.type("Keyboard only,");
      await page.keyboard.press("Enter");
      await page.keyboard.type("two lines.");
      await page.keyboard.press("Tab");
      await expect(form.send).toBeFocused();
      await page.keyboard.press(key);

      await expect.poll(() => opened.length).toBe(1);
      const mail = parseMailto(opened[0]!);
      expect(mail.subject).toBe("Contact Form Submission from Grace Hopper");
      expect(mail.body).toBe(
        "Name: Grace Hopper\r\nEmail: grace@castloop.com\r\nMessage:\r\nKeyboard only,\r\ntwo lines.",
      );
      await expect(page.getByText("Form submitted")).toBeVisible();
      await expect(form.name).toHaveValue("");
    });
  }

  test("Enter in a field submits, and errors clear as they are fixed", async ({ page }) => {
    const form = await openContact(page);
    const mailto = await recordMailto(page);
    await form.name.fill("A");
    await form.name.press("Enter");
    await expect(page.getByText(messages[0]!)).toBeVisible();
    await expect(form.name).toBeFocused();
    await page.keyboard.type("l");
    await expect(page.getByText(messages[0]!)).toHaveCount(0);
    await expect(form.name).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(messages[1]!)).toBeVisible();
    expect(await mailto.soFar()).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page offers the support address as a mailto link and hides the form", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    const link = page.getByRole("main").getByRole("link", { name: /@/ });
    await expect(link).toBeVisible();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^mailto:[^\s?&]+@[^\s?&]+\.[a-z]+$/i);
    expect(href).toBe(`mailto:${await link.textContent()}`);
    // A form that cannot send is hidden rather than left as a trap.
    await expect(page.getByRole("button", { name: "Send Message" })).toBeHidden();
  });
});
