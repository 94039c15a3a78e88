import { Star } from "lucide-react";
import { cn } from "~/lib/cn";

/** Five stars, the first `rating` filled, read out as "Rated N out of 5". */
export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <p className="flex items-center gap-0.5">
      <span className="sr-only">
        Rated {rating} out of {max}
      </span>
      {Array.from({ length: max }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn("size-5", index < rating ? "fill-star text-star" : "text-slate-400")}
        />
      ))}
    </p>
  );
}
