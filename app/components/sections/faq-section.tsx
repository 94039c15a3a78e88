import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Disclosure } from "~/ui/disclosure";
import type { FaqItem } from "~/plans/billing/faqs";
import { fixedPages } from "~/site/pages";
import { SupportEmailLink } from "~/ui/support-email-link";

/** Items whose question or answer contains every word of the query (case-insensitive). */
export function filterFaqs(items: readonly FaqItem[], query: string): FaqItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = `${item.question} ${item.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The query parameter a search submitted before hydration arrives in. */
const queryParam = "q";
const helpPath = fixedPages.help.path;

export function FaqSection({ faqs }: { faqs: readonly FaqItem[] }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  // Submitted before the page hydrated, the search reloads the page with its words in the
  // query; the hydrated page filters by them.
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = search.current!;
    const asked = new URLSearchParams(window.location.search).get(queryParam);
    if (asked !== null && input.value === "") input.value = asked;
    setQuery(input.value);
  }, []);
  const visible = filterFaqs(faqs, query);
  const filtering = query.trim() !== "";

  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      {/* A native GET form too, so Enter before hydration searches (the effect above). */}
      <form
        role="search"
        method="get"
        action={helpPath}
        onSubmit={(event) => event.preventDefault()}
        className="relative"
      >
        <label htmlFor={searchId} className="mb-2 block font-semibold">
          Search the Help Center
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute bottom-3.5 left-3 size-5 text-muted-foreground"
        />
        <input
          ref={search}
          id={searchId}
          name={queryParam}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search for answers..."
          autoComplete="off"
          className="h-12 w-full rounded-lg border border-input bg-white pr-4 pl-11 text-base focus-visible:border-primary"
        />
      </form>
      <h2 id="faq-heading" className="mt-12 text-2xl font-bold">
        Frequently asked questions
      </h2>
      <p role="status" className="mt-2 text-sm text-muted-foreground">
        {filtering ? `${visible.length} of ${faqs.length} questions match “${query.trim()}”.` : ""}
      </p>
      {visible.length > 0 ? (
        // One name makes the questions an exclusive accordion: one answer open at a time.
        <div className="mt-4 border-t border-border">
          {visible.map((item) => (
            <Disclosure key={item.id} id={`faq-${item.id}`} name="help-faq" summary={item.question}>
              {item.answer}
              {item.link ? (
                <>
                  {" "}
                  <a href={item.link.href} className="font-semibold text-primary underline">
                    {item.link.label}
                  </a>
                </>
              ) : null}
            </Disclosure>
          ))}
        </div>
      ) : (
        <div className="mt-4 rounded-2xl border border-border bg-muted p-6">
          <p className="font-semibold">No answers match your search.</p>
          <p className="mt-2 text-muted-foreground">
            Try other words, or e-mail us at <SupportEmailLink /> and we will answer you directly.
          </p>
        </div>
      )}
      <div className="mt-12 rounded-2xl border border-border p-6 text-center">
        <h2 className="text-xl font-bold">Still need help?</h2>
        <p className="mt-2 text-muted-foreground">
          Our support team answers every message. Write to <SupportEmailLink />.
        </p>
      </div>
    </section>
  );
}
