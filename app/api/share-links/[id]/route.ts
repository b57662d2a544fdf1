// DELETE /api/share-links/[id] – revokes a share link (editor, admin); its visitors get 410 from then on; audited
import { ApiError, text } from "@/lib/server/errors";
import { json, sameOrigin, withPermission } from "@/lib/server/route";
import { revokeShareLink } from "@/lib/server/share/store";
import { LINK_ID } from "@/lib/server/share/token";

export const DELETE = withPermission(
  "share:manage",
  sameOrigin(async ({ params, session }) => {
    const id = params.id ?? "";
    if (!LINK_ID.test(id)) throw new ApiError("validation_error", text("validation.shareLinkId"));
    const link = await revokeShareLink(id, session);
    if (!link) throw new ApiError("not_found", text("share.adminLinkNotFound"));
    return json({ link });
  }),
);
