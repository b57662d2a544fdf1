import { queryOptions } from "@tanstack/react-query";
import type { Channel, ProjectDetail, ProjectListItem } from "@/lib/schemas";
import { apiGet } from "./fetch-json";

export const projectsQuery = () =>
  queryOptions({
    queryKey: ["projects"] as const,
    queryFn: ({ signal }) => apiGet<{ projects: ProjectListItem[] }>("/api/projects", undefined, signal),
    staleTime: 5 * 60_000,
  });

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: ["projects", id] as const,
    queryFn: ({ signal }) => apiGet<ProjectDetail>(`/api/projects/${id}`, undefined, signal),
    staleTime: 5 * 60_000,
  });

export const projectChannelsQuery = (id: number) =>
  queryOptions({
    queryKey: ["projects", id, "channels"] as const,
    queryFn: ({ signal }) => apiGet<{ channels: Channel[] }>(`/api/projects/${id}/channels`, undefined, signal),
    staleTime: 5 * 60_000,
  });
