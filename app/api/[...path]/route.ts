// ANY /api/* that no other route serves – 404 not_found in the error envelope, whatever the method
import { localeOfRequest, withRequestLocale } from "@/lib/server/request-locale";
import { ApiError, errorResponse } from "@/lib/server/errors";

// Not wrapped in withRequest: its metrics are labelled by path, and unknown paths are endless.
// The envelope still speaks the request's language (cookie, then Accept-Language), as every route's does.
const notFound = async (req: Request) => withRequestLocale(localeOfRequest(req), () => errorResponse(new ApiError("not_found")));

export { notFound as GET, notFound as HEAD, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
