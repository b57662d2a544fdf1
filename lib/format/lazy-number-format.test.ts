import { describe, expect, it, vi } from "vitest";
import { installLazyNumberFormat } from "./lazy-number-format";

// A stand-in Intl namespace whose NumberFormat counts constructions (the real one does the work).
function fakeIntl() {
  const built = vi.fn();
  function Native(locales?: string | string[], options?: Intl.NumberFormatOptions) {
    built(locales, options);
    return new Intl.NumberFormat(locales, options);
  }
  Native.prototype = Intl.NumberFormat.prototype;
  const intl = { NumberFormat: Native as unknown as typeof Intl.NumberFormat };
  installLazyNumberFormat(intl);
  return { intl, built };
}

describe("installLazyNumberFormat", () => {
  it("writes a known format without building the real formatter, in Intl's words", () => {
    const { intl, built } = fakeIntl();
    const ru = new intl.NumberFormat("ru");
    const percent = intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });
    expect(ru.format(1_234_567.891)).toBe(new Intl.NumberFormat("ru").format(1_234_567.891));
    expect(percent.format(0.1234)).toBe("12.3%");
    expect(ru).toBeInstanceOf(Intl.NumberFormat);
    expect(built).not.toHaveBeenCalled();
  });

  it("builds the real formatter when asked for more than format, or for what it does not know", () => {
    const { intl, built } = fakeIntl();
    const ru = new intl.NumberFormat("ru");
    expect(ru.resolvedOptions().locale).toBe("ru");
    expect(ru.formatToParts(1234).map((p) => p.type)).toEqual(["integer", "group", "integer"]);
    expect(built).toHaveBeenCalledTimes(1);
    expect(ru.format(Number.POSITIVE_INFINITY)).toBe("∞");
    expect(new intl.NumberFormat("de").format(1234.5)).toBe("1.234,5");
    expect(new intl.NumberFormat("ru", { style: "currency", currency: "RUB" }).format(5)).toBe(new Intl.NumberFormat("ru", { style: "currency", currency: "RUB" }).format(5));
    expect(built).toHaveBeenCalledTimes(3);
  });

  it("installs once", () => {
    const { intl } = fakeIntl();
    const first = intl.NumberFormat;
    installLazyNumberFormat(intl);
    expect(intl.NumberFormat).toBe(first);
  });
});
