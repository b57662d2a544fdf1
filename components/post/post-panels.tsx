"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { QueryBoundary } from "@/components/ui/query-boundary";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";
import { ApiClientError } from "@/lib/queries/fetch-json";
import { PostNotFound } from "./post-not-found";

/** A titled card around one panel, with the panel's own skeleton and error state. */
export function Panel({
  title,
  lines = 3,
  children,
  className,
  id,
  ready,
}: {
  title: string;
  lines?: number;
  children: ReactNode;
  className?: string;
  id?: string;
  /** The panel's data came with the page (QueryBoundary's `ready`). */
  ready?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Card className={className} aria-labelledby={headingId} id={id}>
      <CardTitle id={headingId}>{title}</CardTitle>
      <QueryBoundary
        ready={ready}
        fallback={<SkeletonLines lines={lines} />}
        renderError={(error, retry) =>
          error instanceof ApiClientError && error.status === 404 ? <PostNotFound message={error.message} onRetry={retry} /> : undefined
        }
      >
        {children}
      </QueryBoundary>
    </Card>
  );
}

/** The page heading's loading and error states (the heading itself must never go missing). */
export function SummaryBoundary({ children, ready }: { children: ReactNode; ready?: boolean }) {
  const t = useTranslations("review.post");
  return (
    <QueryBoundary
      ready={ready}
      fallback={
        <div className="space-y-2" role="status" aria-busy="true">
          <h1 className="sr-only">{t("loading")}</h1>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-5 w-96 max-w-full" />
        </div>
      }
      renderError={(error, retry) =>
        error instanceof ApiClientError && error.status === 404 ? (
          <PostNotFound message={error.message} onRetry={retry} heading />
        ) : undefined
      }
    >
      {children}
    </QueryBoundary>
  );
}
