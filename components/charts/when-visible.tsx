"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Draws its children once their box comes near the viewport, and keeps them
 * from then on. A chart costs a phone's main thread 100–200 ms to lay out and
 * draw (CPU 4× slower); a page of six stacked charts drew all of them while it
 * loaded although one fits the screen. Until then the box holds the chart's
 * height (`className`), so nothing moves when it is drawn. Without
 * IntersectionObserver (old browsers, tests) the children are drawn at once.
 */
export function WhenVisible({ className, children }: { className: string; children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      const draw = setTimeout(() => setSeen(true));
      return () => clearTimeout(draw);
    }
    // A quarter of a screen ahead, so a chart scrolled to is mostly drawn by the time it shows.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: "25% 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);

  return seen ? <>{children}</> : <div ref={box} className={className} aria-hidden="true" />;
}
