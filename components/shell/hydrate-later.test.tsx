// @vitest-environment jsdom
// The page's part in HydrateLater is sent in place by the server and hydrated after the rest of
// the page, in a pass of its own: the root's commit (the layout's effects) comes first. Without
// the boundary a child's effects run before its parent's (the layout's), in the same commit.
import { useLayoutEffect, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { HydrateLater } from "./hydrate-later";

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = "";
});

function tree(log: string[], later: boolean) {
  function Layout({ children }: { children: React.ReactNode }) {
    useLayoutEffect(() => void log.push("layout"), []);
    return <div>{children}</div>;
  }
  function Page() {
    const [count, setCount] = useState(0);
    useLayoutEffect(() => void log.push("page"), []);
    return (
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        pressed {count}
      </button>
    );
  }
  return (
    <Layout>
      <header>header</header>
      <main>{later ? <HydrateLater><Page /></HydrateLater> : <Page />}</main>
    </Layout>
  );
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

function serve(later: boolean): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree([], later));
  document.body.appendChild(container);
  return container;
}

describe("HydrateLater", () => {
  it("is sent in place, between the comment markers of an Activity boundary", () => {
    const html = renderToString(tree([], true));
    expect(html).toContain("<main><!--&--><button");
    expect(html).toContain("</button><!--/&--></main>");
  });

  it("hydrates its part after the root has committed", async () => {
    const log: string[] = [];
    root = hydrateRoot(serve(true), tree(log, true));
    await until(() => log.length === 2);
    expect(log).toEqual(["layout", "page"]);
  });

  it("without it, the page hydrates in the root's pass (the case it changes)", async () => {
    const log: string[] = [];
    root = hydrateRoot(serve(false), tree(log, false));
    await until(() => log.length === 2);
    expect(log).toEqual(["page", "layout"]);
  });

  it("a click on its part before that is not lost: React hydrates it and replays the click", async () => {
    const log: string[] = [];
    const container = serve(true);
    root = hydrateRoot(container, tree(log, true));
    await until(() => log.includes("layout"));
    // The root has committed; the page's part may still be server HTML.
    container.querySelector("button")?.click();
    await until(() => container.querySelector("button")?.textContent === "pressed 1");
    expect(container.querySelector("button")?.textContent).toBe("pressed 1");
  });
});
