// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import review from "@/messages/en/review.json";
import { MediaImage } from "./media-image";

const wrap = (children: React.ReactNode) => (
  <NextIntlClientProvider locale="en" messages={{ review }}>
    {children}
  </NextIntlClientProvider>
);
const noop = () => {};

afterEach(cleanup);

// The upstream sends no image dimensions: a framed image's box must not depend on the image having loaded.
describe("MediaImage with a frame", () => {
  it("reserves its box before the image loads and fits the image into it uncropped", () => {
    const { container } = render(wrap(<MediaImage url="https://media.example/a.jpg" alt="a" expired={false} onRetry={noop} frame="aspect-[4/3]" />));
    const img = container.querySelector("img")!;
    const box = img.parentElement!;
    expect(box.className).toContain("aspect-[4/3]");
    expect(box.className).toContain("w-full");
    expect(img.className).toMatch(/\babsolute\b/);
    expect(img.className).toContain("object-scale-down");
    expect(img.className).not.toContain("h-auto");
  });

  it("keeps the same box for a state that replaces the image", () => {
    const { container } = render(wrap(<MediaImage url="https://media.example/a.jpg" alt="a" expired onRetry={noop} frame="aspect-[4/3]" />));
    expect(container.querySelector("[data-media-state]")!.className).toContain("aspect-[4/3]");
  });

  it("lets a thumbnail crop (object-cover) while keeping the frame", () => {
    const { container } = render(
      wrap(<MediaImage url="https://media.example/a.jpg" alt="" expired={false} onRetry={noop} frame="aspect-square" imgClassName="object-cover" onOpen={noop} openLabel="open" />),
    );
    const img = container.querySelector("img")!;
    expect(img.className).toContain("object-cover");
    expect(img.className).not.toContain("object-scale-down");
    expect(container.querySelector("button")!.className).toMatch(/\babsolute\b/);
  });

  it("without a frame, sizes itself from the image as before (the full-size viewer)", () => {
    const { container } = render(wrap(<MediaImage url="https://media.example/a.jpg" alt="a" expired={false} onRetry={noop} />));
    expect(container.querySelector("img")!.className).toContain("h-auto");
  });
});
