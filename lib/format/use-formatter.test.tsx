// The dashboard's formatter writes its dates and numbers without building an Intl formatter
// (the first one costs a phone 100–300 ms while a page hydrates), in the same words Intl uses.
import { NextIntlClientProvider, type DateTimeFormatOptions } from "next-intl";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useFormatter } from "./use-formatter";

afterEach(() => vi.restoreAllMocks());

const AT = Date.UTC(2026, 10, 24, 21, 30, 5);

function Dates({ options }: { options?: DateTimeFormatOptions }) {
  const format = useFormatter();
  return (
    <p>
      {format.dateTime(new Date(AT), options)}|{format.number(12_345.678)}|{format.number(0.125, { style: "percent", maximumFractionDigits: 1 })}|
      {format.number(1_530, { notation: "compact" })}
    </p>
  );
}

function render(locale: "ru" | "en", options?: DateTimeFormatOptions): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} timeZone="Europe/Moscow" messages={{}}>
      <Dates options={options} />
    </NextIntlClientProvider>,
  );
}

describe("useFormatter", () => {
  it("writes the dashboard's formats as Intl does, building no Intl formatter", () => {
    const dateFormats = vi.spyOn(Intl, "DateTimeFormat");
    const numberFormats = vi.spyOn(Intl, "NumberFormat");
    const ru = render("ru", { dateStyle: "medium", timeStyle: "short" });
    const en = render("en", { dateStyle: "medium", timeStyle: "short" });
    expect(dateFormats).not.toHaveBeenCalled();
    expect(numberFormats).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    const intl = (locale: string) =>
      [
        new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Moscow" }).format(AT),
        new Intl.NumberFormat(locale).format(12_345.678),
        new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(0.125),
        new Intl.NumberFormat(locale, { notation: "compact" }).format(1_530),
      ].join("|");
    const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/^<p>|<\/p>$/g, "");
    expect(text(ru)).toBe(intl("ru"));
    expect(text(en)).toBe(intl("en"));
    expect(text(ru)).toContain("25 нояб. 2026 г., 00:30");
  });

  it("leaves a format it does not know to next-intl", () => {
    const html = render("en", { dateStyle: "full" });
    expect(html).toContain(new Intl.DateTimeFormat("en", { dateStyle: "full", timeZone: "Europe/Moscow" }).format(AT));
  });
});
