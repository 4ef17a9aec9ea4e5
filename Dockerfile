# syntax=docker/dockerfile:1
# Songloom: build with all dependencies, run with production ones only.
# docker build -t songloom . && docker run -p 3000:3000 -e SESSION_SECRET=... -v songloom-data:/data songloom
# Without DATABASE_URL the app keeps an embedded PostgreSQL (PGlite) under /data; see docs/configuration.md.
# Extra workers (DATABASE_URL required): docker run -e DATABASE_URL=... songloom npm run worker

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
# The built server, plus the TypeScript sources `npm run worker` (tsx) runs for scale-out workers.
COPY --from=build /app/package.json /app/server.mjs /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/app ./app
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/jobs ./jobs
# Sung vocals run Debian's espeak-ng as a separate program (ADR 011).
RUN apt-get update && apt-get install -y --no-install-recommends espeak-ng lame && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# server.mjs handles SIGTERM itself (finish jobs, close the database), so node runs as PID 1 directly.
CMD ["node", "server.mjs"]
