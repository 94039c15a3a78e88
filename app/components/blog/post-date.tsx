import { formatPostDate } from "~/lib/dates";

/** A post's date as "Mar 15, 2025", machine-readable through `datetime`. */
export function PostDate({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatPostDate(date)}
    </time>
  );
}
