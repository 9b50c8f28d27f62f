# syntax=docker/dockerfile:1

# --- build: every dependency, then the web app into dist/web ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the TypeScript sources (run by tsx) and the built web app ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY src ./src
COPY migrations ./migrations
COPY scripts ./scripts
COPY --from=build /app/dist/web ./dist/web
# DATA_DIR holds the mail outbox (without SMTP_URL) and, without DATABASE_URL, an embedded PostgreSQL.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# node itself is PID 1 (no npm or tsx wrapper process), so `docker stop` reaches the app's SIGTERM handler.
CMD ["node", "--import", "tsx", "src/main.ts"]
