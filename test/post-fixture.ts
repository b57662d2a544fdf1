import type { Post, PostDetail } from "@/lib/schemas";

/** A post as the list routes answer it, for component tests; override what the test is about. */
export function postFixture(overrides: Partial<Post> = {}): Post {
  return {
    task_id: 1,
    campaign_id: 101,
    campaign_name: "Утренний кофе",
    text: "Текст поста",
    status: "WAITING_APPROVAL",
    post_type: "TEXT",
    published_at: null,
    created_at: "2026-11-20T10:00:00+03:00",
    updated_at: null,
    media: null,
    ...overrides,
  };
}

/** A post as the post route answers it: the list's fields plus versions, records and engagement. */
export function postDetailFixture(overrides: Partial<PostDetail> = {}): PostDetail {
  return { ...postFixture(), generate_at: null, versions: [], publish_records: [], engagement: {}, ...overrides };
}
