// Apple Podcasts' categories since its 2019 list, and the older names feeds still carry with
// the category Apple moved them to. Names are matched exactly: Apple's list is case-sensitive.

export const APPLE_CATEGORIES: ReadonlyMap<string, readonly string[]> = new Map([
  ["Arts", ["Books", "Design", "Fashion & Beauty", "Food", "Performing Arts", "Visual Arts"]],
  [
    "Business",
    ["Careers", "Entrepreneurship", "Investing", "Management", "Marketing", "Non-Profit"],
  ],
  ["Comedy", ["Comedy Interviews", "Improv", "Stand-Up"]],
  ["Education", ["Courses", "How To", "Language Learning", "Self-Improvement"]],
  ["Fiction", ["Comedy Fiction", "Drama", "Science Fiction"]],
  ["Government", []],
  ["History", []],
  [
    "Health & Fitness",
    ["Alternative Health", "Fitness", "Medicine", "Mental Health", "Nutrition", "Sexuality"],
  ],
  ["Kids & Family", ["Education for Kids", "Parenting", "Pets & Animals", "Stories for Kids"]],
  [
    "Leisure",
    [
      "Animation & Manga",
      "Automotive",
      "Aviation",
      "Crafts",
      "Games",
      "Hobbies",
      "Home & Garden",
      "Video Games",
    ],
  ],
  ["Music", ["Music Commentary", "Music History", "Music Interviews"]],
  [
    "News",
    [
      "Business News",
      "Daily News",
      "Entertainment News",
      "News Commentary",
      "Politics",
      "Sports News",
      "Tech News",
    ],
  ],
  [
    "Religion & Spirituality",
    ["Buddhism", "Christianity", "Hinduism", "Islam", "Judaism", "Religion", "Spirituality"],
  ],
  [
    "Science",
    [
      "Astronomy",
      "Chemistry",
      "Earth Sciences",
      "Life Sciences",
      "Mathematics",
      "Natural Sciences",
      "Nature",
      "Physics",
      "Social Sciences",
    ],
  ],
  [
    "Society & Culture",
    ["Documentary", "Personal Journals", "Philosophy", "Places & Travel", "Relationships"],
  ],
  [
    "Sports",
    [
      "Baseball",
      "Basketball",
      "Cricket",
      "Fantasy Sports",
      "Football",
      "Golf",
      "Hockey",
      "Rugby",
      "Running",
      "Soccer",
      "Swimming",
      "Tennis",
      "Volleyball",
      "Wilderness",
      "Wrestling",
    ],
  ],
  ["Technology", []],
  ["True Crime", []],
  ["TV & Film", ["After Shows", "Film History", "Film Interviews", "Film Reviews", "TV Reviews"]],
]);

/** Names from Apple's list before 2019, top level or "Parent/Child", with today's category. */
export const RETIRED_CATEGORIES: ReadonlyMap<string, string> = new Map([
  ["Games & Hobbies", "Leisure"],
  ["Games & Hobbies/Automotive", "Leisure/Automotive"],
  ["Games & Hobbies/Aviation", "Leisure/Aviation"],
  ["Games & Hobbies/Hobbies", "Leisure/Hobbies"],
  ["Games & Hobbies/Other Games", "Leisure/Games"],
  ["Games & Hobbies/Video Games", "Leisure/Video Games"],
  ["Government & Organizations", "Government"],
  ["Government & Organizations/Local", "Government"],
  ["Government & Organizations/National", "Government"],
  ["Government & Organizations/Non-Profit", "Business/Non-Profit"],
  ["Government & Organizations/Regional", "Government"],
  ["Health", "Health & Fitness"],
  ["Health/Alternative Health", "Health & Fitness/Alternative Health"],
  ["Health/Fitness & Nutrition", "Health & Fitness/Fitness"],
  ["Health/Self-Help", "Education/Self-Improvement"],
  ["Health/Sexuality", "Health & Fitness/Sexuality"],
  ["News & Politics", "News"],
  ["Science & Medicine", "Science"],
  ["Science & Medicine/Medicine", "Health & Fitness/Medicine"],
  ["Science & Medicine/Natural Sciences", "Science/Natural Sciences"],
  ["Science & Medicine/Social Sciences", "Science/Social Sciences"],
  ["Sports & Recreation", "Sports"],
  ["Sports & Recreation/Amateur", "Sports"],
  ["Sports & Recreation/College & High School", "Sports"],
  ["Sports & Recreation/Outdoor", "Sports/Wilderness"],
  ["Sports & Recreation/Professional", "Sports"],
  ["Arts/Literature", "Arts/Books"],
  ["Business/Business News", "News/Business News"],
  ["Business/Management & Marketing", "Business/Marketing"],
  ["Business/Shopping", "Business"],
  ["Education/Educational Technology", "Education"],
  ["Education/Higher Education", "Education/Courses"],
  ["Education/K-12", "Kids & Family/Education for Kids"],
  ["Education/Language Courses", "Education/Language Learning"],
  ["Education/Training", "Education/How To"],
  ["Religion & Spirituality/Other", "Religion & Spirituality/Religion"],
  ["Society & Culture/History", "History"],
  ["Technology/Gadgets", "Technology"],
  ["Technology/Tech News", "News/Tech News"],
  ["Technology/Podcasting", "Technology"],
  ["Technology/Software How-To", "Technology"],
]);

export type CategoryVerdict =
  | { kind: "current" }
  | { kind: "case"; correct: string }
  | { kind: "retired"; now: string }
  | { kind: "unknown" };

/** One itunes:category, with its sub-category if any, against Apple's list. */
export function judgeCategory(parent: string, child: string | undefined): CategoryVerdict {
  const name = child === undefined ? parent : `${parent}/${child}`;
  const retired =
    RETIRED_CATEGORIES.get(name) ??
    (child === undefined ? undefined : RETIRED_CATEGORIES.get(parent));
  const subs = APPLE_CATEGORIES.get(parent);
  if (subs !== undefined && (child === undefined || subs.includes(child)))
    return { kind: "current" };
  if (retired !== undefined) return { kind: "retired", now: retired };
  // The same words in another case: Apple refuses "technology" or "Tv & Film".
  for (const [top, children] of APPLE_CATEGORIES) {
    if (top.toLowerCase() !== parent.toLowerCase()) continue;
    if (child === undefined) return { kind: "case", correct: top };
    const sub = children.find((c) => c.toLowerCase() === child.toLowerCase());
    if (sub !== undefined) return { kind: "case", correct: `${top}/${sub}` };
  }
  return { kind: "unknown" };
}
