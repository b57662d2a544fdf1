import { clsx, type ClassValue } from "clsx";
import { mergeClasses } from "./class-merge";

/** Class names joined, a later Tailwind utility overriding an earlier one of its kind (lib/class-merge.ts). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
