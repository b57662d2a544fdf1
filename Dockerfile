# The dashboard as a production image: `docker compose up` (docker-compose.yml)
# runs two of these behind nginx, with Redis and Postgres.
#
# Build-time caveat: the Content-Security-Policy (which origins may serve
# media) and the public URL are read when Next builds the request proxy, so
# UPSTREAM_BASE_URL, MEDIA_ORIGINS and NEXTAUTH_URL must be passed as build
# arguments with the values the containers will run with. Changing them means
# rebuilding the image; the API key and secrets are runtime-only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ARG UPSTREAM_BASE_URL=http://127.0.0.1:4010
ARG MEDIA_ORIGINS=
ARG NEXTAUTH_URL=http://localhost:8080
ENV UPSTREAM_BASE_URL=$UPSTREAM_BASE_URL MEDIA_ORIGINS=$MEDIA_ORIGINS NEXTAUTH_URL=$NEXTAUTH_URL NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOST=0.0.0.0 PORT=3000
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "server.mjs"]
