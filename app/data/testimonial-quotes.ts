export type Testimonial = {
  id: string;
  name: string;
  role: string;
  quote: string;
  /** Stars out of 5. */
  rating: 1 | 2 | 3 | 4 | 5;
  /** Initials drawn in the avatar circle; no photos are stored. */
  avatar: string;
};

export const testimonials = [
  {
    id: "maya-okafor",
    name: "Maya Okafor",
    role: "Host, The Side Project Hour",
    quote:
      "I used to spend Sunday evenings writing show notes. Now the transcript, summary and a LinkedIn post are waiting for me before I have finished editing the audio.",
    rating: 5,
    avatar: "MO",
  },
  {
    id: "daniel-reyes",
    name: "Daniel Reyes",
    role: "Producer, Long Story Studio",
    quote:
      "We run four weekly shows on an Agency plan. Threads, captions and carousels come out in the same format for every show, which made our social calendar something we can actually keep.",
    rating: 5,
    avatar: "DR",
  },
  {
    id: "priya-nair",
    name: "Priya Nair",
    role: "Marketing Lead, Ledgerline",
    quote:
      "Our company podcast finally works as a marketing channel. Each episode turns into a week of posts, and the key points give our sales team something to share.",
    rating: 5,
    avatar: "PN",
  },
  {
    id: "tom-becker",
    name: "Tom Becker",
    role: "Host, Trail Notes",
    quote:
      "Our studio recordings come back needing a word changed here and there. When two guests talk over each other I fix a line or two, which I expected, and the drafts are still genuinely usable.",
    rating: 4,
    avatar: "TB",
  },
  {
    id: "alicia-wong",
    name: "Alicia Wong",
    role: "Founder, Clearwave Audio Agency",
    quote:
      "White label lets us deliver repurposed content to clients under our own name. It has become part of every production package we sell.",
    rating: 5,
    avatar: "AW",
  },
] as const satisfies readonly Testimonial[];

/**
 * Shown while `legalConfig.sampleContent` is true (app/config/legal-entity.ts), at body size and
 * before what they qualify: the testimonials, their star ratings and the creators figure are
 * sample content, and a reader must know that before reading them as real (the FTC's rule on
 * consumer reviews and testimonials, 16 CFR 465; the UK's banned fake reviews, DMCC Act Sch. 20).
 */
export const sampleContentNotes = {
  testimonials:
    "Illustrative examples, not customer reviews: our team wrote these testimonials, with their names, roles, shows and star ratings, to show the kind of results the service is built for. No real customer said them.",
  creatorsServed: "an illustrative figure, not a count of customers",
} as const;
