import { brand } from "../config/brand.ts";

export type Author = {
  /** The value of an article's `author` frontmatter field. */
  id: string;
  name: string;
  role: string;
  bio: string;
};

/**
 * The blog's bylines. The author is a house persona: the site's own editorial voice, named so a
 * reader knows who is speaking, and described as such in the bio.
 */
export const authors = [
  {
    id: "nora-whitfield",
    name: "Nora Whitfield",
    role: "Editorial Lead",
    bio: `Nora Whitfield is the byline of ${brand.name}'s editorial desk, which writes the Podcast Growth Blog for hosts and producers who make a show alongside everything else. Every guide ends in steps a two-person team can repeat each week. The shows in the worked examples are invented to show the method, and their numbers are illustrations, not measurements.`,
  },
] as const satisfies readonly Author[];

export type AuthorId = (typeof authors)[number]["id"];

export const authorIds = authors.map((author) => author.id) as [AuthorId, ...AuthorId[]];

export function getAuthor(id: AuthorId): Author {
  return authors.find((author) => author.id === id)!;
}
