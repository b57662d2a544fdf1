import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Class names joined, a later Tailwind utility overriding an earlier one of its kind. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
