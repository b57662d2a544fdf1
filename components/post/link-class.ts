/**
 * The underlined link of the post's panels and the media's downloads. A module of its own: the
 * queue's preview imports it without the post page's heading (and its decision reads).
 */
export const linkClass =
  "font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:hover:text-blue-200";
