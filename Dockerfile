# The dashboard as a production image: `docker compose up` (docker-compose.yml)
# runs two of these behind nginx, with Redis and Postgres.
#
# One image for any team: everything a team sets (UPSTREAM_BASE_URL,
# MEDIA_ORIGINS, NEXTAUTH_URL, the key and secrets) is read when the server
# starts, the Content-Security-Policy included (server.mjs and proxy.ts build
# it from the environment), so `docker run -e …` is all a team needs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOST=0.0.0.0 PORT=3000
# A 256 MB old space keeps the process under 400 MB resident through a burst
# (bench/memory-burst.ts), so a 512 MB container holds; README "Operations".
ENV NODE_OPTIONS=--max-old-space-size=256
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "server.mjs"]
