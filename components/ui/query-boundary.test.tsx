// @vitest-environment jsdom
// A panel whose data came with the page renders without a Suspense boundary, on the server and
// while hydrating alike; one whose data did not keeps its skeleton boundary.
import { QueryClient, QueryClientProvider, useSuspenseQuery } from "@tanstack/react-query";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryBoundary } from "./query-boundary";

afterEach(() => {
  document.body.innerHTML = "";
});

function Title() {
  const { data } = useSuspenseQuery({ queryKey: ["title"], queryFn: async (): Promise<string> => "never read" });
  return <p>{data}</p>;
}

function page(ready: boolean) {
  const client = new QueryClient();
  client.setQueryData(["title"], "Пост №7");
  return (
    <QueryClientProvider client={client}>
      <QueryBoundary ready={ready} fallback={<span>loading</span>}>
        <Title />
      </QueryBoundary>
    </QueryClientProvider>
  );
}

describe("QueryBoundary's ready", () => {
  it("leaves out the Suspense boundary's markers when ready, keeps them otherwise", () => {
    expect(renderToString(page(true))).toBe("<p>Пост №7</p>");
    expect(renderToString(page(false))).toBe("<!--$--><p>Пост №7</p><!--/$-->");
  });

  it("hydrates the ready markup without a mismatch", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(page(true));
    document.body.append(container);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, page(true), { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe("<p>Пост №7</p>");
  });
});
