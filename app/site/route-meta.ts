import type { MetaDescriptor } from "react-router";

/**
 * Routes build their meta tags in a loader, which runs only at build time, and hand them to
 * React Router here. So buildMeta, the JSON-LD builders and every description stay out of the
 * browser bundle; a page that hydrates finds them in the loader data its HTML carries.
 */
export function metaFromLoader({
  loaderData,
}: {
  loaderData: { meta: MetaDescriptor[] } | undefined;
}): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
