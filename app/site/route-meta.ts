import type { MetaDescriptor } from "react-router";

/**
 * Routes build their meta tags in a loader, which runs only at build time, and hand them to
 * React Router here. So buildMeta, the JSON-LD builders and every description stay out of the
 * browser bundle.
 */
export function metaFromLoader({
  loaderData,
}: {
  loaderData: { meta: MetaDescriptor[] } | undefined;
}): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
