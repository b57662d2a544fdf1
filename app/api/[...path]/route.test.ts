import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";

// An /api path nothing serves answers 404 in the envelope, in the request's language like every route.
const ask = (handler: typeof GET, headers: Record<string, string>) => handler(new Request("http://localhost/api/nope", { method: handler === POST ? "POST" : "GET", headers }));

describe("/api/[...path]", () => {
  it("answers 404 not_found in the request's language", async () => {
    const english = await ask(GET, { "accept-language": "en-GB,en;q=0.9" });
    expect(english.status).toBe(404);
    expect(await english.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    expect(await (await ask(POST, { cookie: "NEXT_LOCALE=en", "accept-language": "ru" })).json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    expect(await (await ask(GET, {})).json()).toEqual({ error: { code: "not_found", message: "Не найдено" } });
  });
});
