import type { Route } from "./+types/blog-post";

export function loader({ request }: Route.LoaderArgs) {
  return { path: new URL(request.url).pathname };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <h1>{loaderData.path}</h1>;
}
