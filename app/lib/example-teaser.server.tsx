import { renderToStaticMarkup } from "react-dom/server";
import { ExampleTeaserSection } from "~/components/sections/example-teaser-section";
import { featuredKitPath } from "~/data/features";
import { getKit } from "~/lib/example-kit.server";

/**
 * The home page's "What one episode becomes" section as HTML, made at build time. The page
 * inserts it as markup, so the section's component never reaches the browser bundle.
 */
export function exampleTeaserHtml(): string {
  return renderToStaticMarkup(
    <ExampleTeaserSection kit={getKit(featuredKitPath.replace("/examples/", ""))} />,
  );
}
