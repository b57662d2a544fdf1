import { queryOptions } from "@tanstack/react-query";
import { apiRead } from "./fetch-json";

export const projectsQuery = () =>
  queryOptions({
    queryKey: ["projects"] as const,
    queryFn: ({ signal }) => apiRead("projects", "/api/projects", { signal }),
    staleTime: 5 * 60_000,
  });

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: ["projects", id] as const,
    queryFn: ({ signal }) => apiRead("project", `/api/projects/${id}`, { signal }),
    staleTime: 5 * 60_000,
  });

export const projectChannelsQuery = (id: number) =>
  queryOptions({
    queryKey: ["projects", id, "channels"] as const,
    queryFn: ({ signal }) => apiRead("channels", `/api/projects/${id}/channels`, { signal }),
    staleTime: 5 * 60_000,
  });
