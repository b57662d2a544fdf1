"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiClientError, BAD_RESPONSE, isNetworkFailure, RESPONSE_MISMATCH, spentBudgetOf } from "@/lib/queries/fetch-json";

/**
 * What to say about an error: the server's message as it came (the
 * upstream's Russian text passes through unchanged), or, for failures the
 * browser made itself (no connection, a body that is not data, an answer of
 * the wrong shape, a bare HTTP status), a translated text — never the
 * browser's raw "Failed to fetch". For toasts and dialogs too.
 */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations("common.errors");
  const format = useFormatter();
  return useCallback(
    (error: unknown) => {
      if (isNetworkFailure(error)) return t("network");
      // The team's budget: which window is spent (minute or hour) and when it frees, in the person's language.
      const spent = spentBudgetOf(error);
      if (spent?.freesAt) {
        const time = format.dateTime(new Date(spent.freesAt), { timeStyle: spent.window === "hour" ? "short" : "medium" });
        return spent.window === "hour" ? t("budgetHour", { time }) : t("budgetMinute", { time });
      }
      if (error instanceof ApiClientError) {
        if (error.code === BAD_RESPONSE) return t("badResponse");
        if (error.code === RESPONSE_MISMATCH) return t("mismatch");
        if (error.code === "http_error") return t("http", { status: error.status });
        return error.message;
      }
      return error instanceof Error && error.message ? error.message : t("unknown");
    },
    [t, format],
  );
}
