"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { linkClass } from "@/components/post/link-class";
import { isHttpUrl } from "@/lib/schemas/media-url";
import { formatSize } from "./format-size";
import { MediaState } from "./media-state";

type Doc = { url: string; filename: string; file_size: number };

const isPdf = (doc: Doc) => /\.pdf$/i.test(doc.filename) || /\.pdf(\?|$)/i.test(doc.url);

/**
 * Documents with name and size; a PDF can be read in the page (an <object>,
 * whose fallback content is the download link for browsers without a viewer).
 */
export function DocumentList({ documents, expired, onRetry }: { documents: Doc[]; expired: boolean; onRetry: () => void }) {
  return (
    <ul className="space-y-3">
      {documents.map((doc, i) => (
        <DocumentItem key={`${i}-${doc.url}`} doc={doc} expired={expired} onRetry={onRetry} />
      ))}
    </ul>
  );
}

function DocumentItem({ doc, expired, onRetry }: { doc: Doc; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.media");
  const locale = useLocale();
  const pdf = isPdf(doc);
  const [open, setOpen] = useState(false);
  // A link that is not http(s) never reaches `href`/`data`: the name and size stay, the file is "unavailable".
  const usable = isHttpUrl(doc.url);
  const viewerId = `doc-viewer-${doc.filename.replace(/[^\w-]/g, "_")}`;

  return (
    <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-document={doc.filename}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span aria-hidden="true">📄</span>
        <span className="font-medium break-all">{doc.filename}</span>
        <span className="text-sm text-zinc-700 dark:text-zinc-300">{formatSize(doc.file_size, locale)}</span>
        <span className="ml-auto flex gap-2">
          {usable && pdf && !expired && (
            <Button size="sm" aria-expanded={open} aria-controls={viewerId} onClick={() => setOpen((o) => !o)}>
              {open ? t("hidePdf") : t("showPdf")}
            </Button>
          )}
          {usable && !expired && (
            <a href={doc.url} download={doc.filename} target="_blank" rel="noreferrer" className={linkClass}>
              {t("download", { name: doc.filename })}
            </a>
          )}
        </span>
      </div>
      {!usable && <MediaState kind="unavailable" className="mt-2" />}
      {usable && expired && <MediaState kind="expired" onRetry={onRetry} className="mt-2" />}
      {usable && pdf && open && !expired && (
        <object id={viewerId} data={doc.url} type="application/pdf" aria-label={doc.filename} className="mt-3 h-[70dvh] w-full rounded border border-zinc-200 dark:border-zinc-800">
          <p className="p-3 text-sm">
            {t("pdfFallback")}{" "}
            <a href={doc.url} download={doc.filename} className={linkClass}>
              {t("download", { name: doc.filename })}
            </a>
          </p>
        </object>
      )}
    </li>
  );
}
