"use client";

import { useFormatter } from "next-intl";

/** A date-time in the interface's language and time zone, machine-readable in `dateTime`. */
export function DateTime({ value }: { value: string }) {
  const format = useFormatter();
  return <time dateTime={value}>{format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" })}</time>;
}
