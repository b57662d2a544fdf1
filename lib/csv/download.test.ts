// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadCsv } from "./download";

afterEach(() => vi.restoreAllMocks());

describe("downloadCsv", () => {
  it("downloads the writer's document under the given name and frees the blob", async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), "blob:csv-1"));
    URL.revokeObjectURL = vi.fn();
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
    vi.useFakeTimers();

    downloadCsv("post_1042_history.csv", [["Пост", "Время замера"], ["=1", 2.5]], "ru", "Europe/Moscow");

    expect(clicked).toEqual([{ href: "blob:csv-1", download: "post_1042_history.csv", attached: true }]);
    expect(document.querySelector("a[download]")).toBeNull();
    expect(blobs[0]?.type).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe("\uFEFFПост;Время замера\r\n'=1;2,5\r\n");
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:csv-1");
    vi.useRealTimers();
  });
});
