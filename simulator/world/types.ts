// Internal model of the simulated service. Kept separate from the wire format (serialize.ts)
// so that secrets and bookkeeping fields can never leak by accident.

export const POST_STATUSES = [
  "SCHEDULED",
  "GENERATING",
  "WAITING_APPROVAL",
  "APPROVED",
  "PUBLISHING",
  "PUBLISHED",
  "PARTIALLY_PUBLISHED",
  "READY",
  "CANCELED",
  "FAILED",
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const CAMPAIGN_STATUSES = ["DRAFT", "ACTIVE", "FROZEN", "COMPLETED"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const POST_TYPES = ["IMAGE", "ALBUM", "VIDEO", "DOCUMENT", "TEXT"] as const;
export type PostType = (typeof POST_TYPES)[number];

export const PLATFORMS = ["TELEGRAM", "VK", "MAX", "WEBHOOK"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const METRIC_TYPES = ["VIEWS", "LIKES", "COMMENTS", "REPOSTS", "REACTIONS"] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

export const SORTS = ["publish_at", "-publish_at", "created_at", "-created_at"] as const;
export type PostSort = (typeof SORTS)[number];

export type VersionSource = "INITIAL" | "REGENERATION" | "MANUAL_EDIT";
export type RecordStatus = "PENDING" | "PUBLISHED" | "FAILED";
export type ThemeKey = "coffee" | "fitness" | "school_tasks" | "school_stories" | "school_launch" | "flowers";

/** All times are epoch milliseconds of the simulated world clock. */
export interface Project {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  createdAt: number;
  niche: string;
  audience: string;
}

export interface Channel {
  id: number;
  projectId: number;
  name: string;
  platform: Platform;
  isActive: boolean;
  /** Fake credential: present only to prove the serializer never emits it. */
  secret: string;
  nextMessageId: number;
}

export interface Schedule {
  id: number;
  campaignId: number;
  type: string;
  time: string;
  dayOfWeek?: number;
  intervalDays?: number;
  anchorDate?: string;
}

export interface Campaign {
  id: number;
  projectId: number;
  name: string;
  status: CampaignStatus;
  campaignType: string;
  approvalMode: string;
  postLengthFormat: string;
  generateImages: boolean;
  startDate: string;
  endDate: string | null;
  createdAt: number;
  channelIds: number[];
  theme: ThemeKey;
  /** Weights of post types for new posts, in POST_TYPES order. */
  typeWeights: number[];
  /** Next moment the tick generates a post for this campaign (ACTIVE only). */
  nextGenerationAt: number;
}

export interface Version {
  number: number;
  text: string;
  source: VersionSource;
  isActive: boolean;
  createdAt: number;
}

export interface ImageRef {
  asset: string;
  isSelected: boolean;
  inAlbum: boolean;
  source: "ai_generated" | "user_uploaded";
}

export interface FileRef {
  asset: string;
  filename: string;
}

export interface MediaSpec {
  images: ImageRef[];
  video: FileRef | null;
  documents: FileRef[];
}

export interface PublishRecord {
  channelId: number;
  status: RecordStatus;
  publishedAt: number | null;
  messageId: string | null;
}

/** One metric on one platform; values[i] was collected at Engagement.collectedAt[i]. */
export interface Series {
  platform: Platform;
  metric: MetricType;
  values: number[];
  /** Asymptotic value the growth curve tends to. */
  target: number;
  tauMs: number;
}

export interface Engagement {
  collectedAt: number[];
  series: Series[];
  intervalMs: number;
}

export interface Post {
  id: number;
  campaignId: number;
  status: PostStatus;
  postType: PostType;
  /** Planned time before publication, actual moment after it. */
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number | null;
  generateAt: number | null;
  versions: Version[];
  media: MediaSpec | null;
  records: PublishRecord[];
  engagement: Engagement | null;
  /** End of a transitional status (GENERATING, PUBLISHING); null otherwise. */
  dueAt: number | null;
}

export interface Account {
  planName: string;
  planTier: string;
  isTrial: boolean;
  activatedAt: number;
  activeUntil: number;
  postsLimit: number;
  imagesUsedBase: number;
  previewsUsed: number;
  previewsLimit: number;
  maxProjects: number;
  maxCampaigns: number;
  maxChannels: number;
}
