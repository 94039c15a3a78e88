import { renderToStaticMarkup } from "react-dom/server";
import { ExampleTeaserSection } from "~/components/sections/example-teaser-section";
import { FeatureGridSection } from "~/components/sections/feature-grid-section";
import { featuredKitPath, features } from "~/data/feature-list";
import { getKit } from "~/examples/kit-loader.server";

// Home page sections with nothing to hydrate, made into HTML at build time. The page inserts
// them as markup, so their components, icons and data never reach its first-load JavaScript
// (the budget in tests/built/budgets.build.test.ts).

/** The feature grid: eight cards, each linking to its asset in the featured sample kit. */
export function featureGridHtml(): string {
  return renderToStaticMarkup(<FeatureGridSection features={features} />);
}

/** "What one episode becomes": part of the featured kit's thread and one carousel slide. */
export function exampleTeaserHtml(): string {
  return renderToStaticMarkup(
    <ExampleTeaserSection kit={getKit(featuredKitPath.replace("/examples/", ""))} />,
  );
}
