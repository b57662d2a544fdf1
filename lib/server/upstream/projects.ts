import "server-only";
import { ChannelList, ProjectDetail, ProjectList } from "@/lib/schemas";
import { request, type CallOptions } from "./http";

// GET projects/ – the user's active projects
export const listProjects = (o?: CallOptions) => request("GET", "projects/", ProjectList, o);

// GET projects/<id>/ – one project with niche and audience
export const getProject = (id: number, o?: CallOptions) => request("GET", `projects/${id}/`, ProjectDetail, o);

// GET projects/<id>/channels/ – the project's channels, without secrets
export const listProjectChannels = (id: number, o?: CallOptions) =>
  request("GET", `projects/${id}/channels/`, ChannelList, o);
